import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The React renderer: one page, our own assets only, loadable from file:// (Electron) and from
// `caduceus serve` (browser), hence relative asset paths.
const root = fileURLToPath(new URL('./src-renderer', import.meta.url));

export default defineConfig({
  root,
  base: './',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: true,
    chunkSizeWarningLimit: 2_000,
  },
});
