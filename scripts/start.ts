// `npm start`: builds, then runs the desktop app with the installed Electron binary. Where no
// binary could be installed, runs `caduceus serve` and opens the same UI in the browser instead
// (`--no-open` only prints its URL), so the main command always runs the app.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { requireNode } from '../bin/nodeCheck.mjs';
import { findElectronBinary } from '../src-main/electron/binary';
import { serveInstead } from './start/serveInstead';

requireNode('npm start');
const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const args = process.argv.slice(2);
const binary = findElectronBinary();
if (binary) {
  const app = spawn(binary, ['.', ...args], { stdio: 'inherit' });
  app.on('exit', (code) => process.exit(code ?? 0));
} else {
  const { child } = await serveInstead({
    cli: join(import.meta.dirname, '..', 'bin', 'caduceus.mjs'),
    args: args.filter((a) => a !== '--no-open'),
    open: !args.includes('--no-open'),
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}
