// Bundles src-main into dist/ (our own code only; dependencies stay in node_modules), then the
// renderer into dist/renderer with Vite.
import { existsSync, readdirSync, rmSync } from 'node:fs';
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

// Chunks of an earlier build would pile up beside the new ones.
for (const name of existsSync('dist') ? readdirSync('dist') : []) {
  if (name.startsWith('chunk-')) rmSync(`dist/${name}`);
}

// Split so each command and each lazily imported integration is its own chunk, parsed only
// when it is first used (`caduceus --help` reads little more than cli.mjs).
await build({
  ...common,
  entryPoints: { cli: 'src-main/cli/main.ts' },
  outdir: 'dist',
  format: 'esm',
  splitting: true,
  // Beside cli.mjs, so `import.meta.url` means the same folder in every chunk.
  chunkNames: 'chunk-[hash]',
  outExtension: { '.js': '.mjs' },
});

// The terminal mirrors' and the sandbox's worker threads and the keychain's worker process,
// beside each bundle that starts them (workerMirror.ts, linuxWrapper.ts, keychain/launch.ts).
for (const outdir of ['dist', 'dist/electron']) {
  await build({
    ...common,
    entryPoints: {
      mirrorWorker: 'src-main/terminal/mirror/mirrorWorker.ts',
      linuxWrapWorker: 'src-main/sandbox/linuxWrapWorker.ts',
      keychainWorker: 'src-main/config/keychain/worker.ts',
    },
    outdir,
    format: 'esm',
    outExtension: { '.js': '.mjs' },
  });
}

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
