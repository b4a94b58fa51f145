// `npm start`: builds, then runs the desktop app with the installed Electron binary. Where no
// binary could be installed, says so and points at the browser UI instead of failing obscurely.
import { spawn, spawnSync } from 'node:child_process';
import { findElectronBinary } from '../src-main/electron/binary';

const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const binary = findElectronBinary();
if (!binary) {
  console.error(
    [
      'caduceus: no Electron binary is installed, so the desktop app cannot start.',
      '  Install it with `npx install-electron` (it downloads from outside the npm registry),',
      '  or use the same UI in a browser: `npx caduceus serve`.',
    ].join('\n'),
  );
  process.exit(1);
}
const app = spawn(binary, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
app.on('exit', (code) => process.exit(code ?? 0));
