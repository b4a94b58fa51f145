// The renderer compiles with `types: []`: only what Vite adds is declared here.
declare module '*.css';
