// Bundles src-main into dist/ (our own code only; dependencies stay in node_modules).
import { build } from 'esbuild';

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
