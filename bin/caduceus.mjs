#!/usr/bin/env node
// Entry point for the `caduceus` command; the CLI itself is bundled into dist/ by `npm run build`.
import { existsSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { requireNode } from './nodeCheck.mjs';

requireNode('caduceus');

const cli = fileURLToPath(new URL('../dist/cli.mjs', import.meta.url));
if (!existsSync(cli)) {
  console.error('caduceus: dist/cli.mjs is missing. Run `npm run build` in the checkout first.');
  process.exit(1);
}
// A closed pipe (`caduceus tools list | head`) is a normal way for output to end.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});
// A command that ends once its output is written would wait at exit for V8 to finish optimising
// the shell parser's wasm in the background: half a second a command. Its baseline code is fast
// enough for one command's checks; `serve`, which runs long, keeps the optimised code.
if (process.argv[2] !== 'serve') setFlagsFromString('--liftoff-only');
// Compiled code is cached on disk between runs: start-up is mostly compiling the bundle.
nodeModule.enableCompileCache?.();
const { main } = await import(cli);
process.exitCode = await main(process.argv.slice(2));
