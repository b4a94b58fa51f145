// Bundles src-main into dist/ (our own code only; dependencies stay in node_modules), then the
// renderer into dist/renderer with Vite.
import { build } from 'esbuild';
import { build as buildRenderer } from 'vite';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

await build({
  ...common,
  entryPoints: { cli: 'src-main/cli/main.ts' },
  outdir: 'dist',
  format: 'esm',
  outExtension: { '.js': '.mjs' },
});

// Electron's main process (ESM), loaded by `electron .` through package.json "main".
await build({
  ...common,
  entryPoints: { main: 'src-main/electron/main.ts' },
  outdir: 'dist/electron',
  format: 'esm',
  outExtension: { '.js': '.mjs' },
});

// A sandboxed preload may require only 'electron', so everything else is bundled in.
await build({
  ...common,
  packages: undefined,
  external: ['electron'],
  entryPoints: { preload: 'src-main/electron/preload.ts' },
  outdir: 'dist/electron',
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
});

await buildRenderer({ configFile: 'vite.renderer.config.ts', logLevel: 'warn' });
