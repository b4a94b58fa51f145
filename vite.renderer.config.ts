import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rollup } from 'vite';

// The React renderer: one page, our own assets only, loadable from file:// (Electron) and from
// `caduceus serve` (browser), hence relative asset paths.
const root = fileURLToPath(new URL('./src-renderer', import.meta.url));

/**
 * The entry (main.tsx) sends the page's first requests and then imports the app (startApp.tsx):
 * the page names the app's chunks and styles in its head, so the browser fetches them with the
 * entry instead of after it.
 */
function preloadApp(app: string): Plugin {
  return {
    name: 'caduceus-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const start = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId === app);
        if (!start) throw new Error(`No chunk for ${app}`);
        const scripts: string[] = [];
        const styles: string[] = [];
        // Imports first, so the styles keep the order the app imports them in.
        const visit = (chunk: Rollup.OutputChunk) => {
          if (scripts.includes(chunk.fileName)) return;
          scripts.push(chunk.fileName);
          for (const name of chunk.imports) {
            const imported = bundle[name];
            if (imported?.type === 'chunk') visit(imported);
          }
          for (const css of chunk.viteMetadata?.importedCss ?? [])
            if (!styles.includes(css)) styles.push(css);
        };
        visit(start as Rollup.OutputChunk);
        const link = (rel: string, href: string) => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `./${href}` },
          injectTo: 'head' as const,
        });
        return [
          ...styles.map((href) => link('stylesheet', href)),
          ...scripts.map((f) => link('modulepreload', f)),
        ];
      },
    },
  };
}

export default defineConfig({
  root,
  base: './',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [preloadApp(fileURLToPath(new URL('./src-renderer/startApp.tsx', import.meta.url)))],
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: true,
    chunkSizeWarningLimit: 2_000,
  },
});
