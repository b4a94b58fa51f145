// Fetches the Electron binary for `npm start`. The download happens outside the npm
// registry, so a failure here must not fail the whole install: the CLI, `caduceus serve`
// and the tests do not need it.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

function electronDir() {
  try {
    return dirname(require.resolve('electron/package.json'));
  } catch {
    return undefined;
  }
}

const dir = electronDir();
if (!dir) process.exit(0); // production install without devDependencies
if (process.env.CI || process.env.CADUCEUS_SKIP_ELECTRON_DOWNLOAD) {
  console.log('caduceus: skipping the Electron binary download (CI or CADUCEUS_SKIP_ELECTRON_DOWNLOAD).');
  process.exit(0);
}
if (existsSync(join(dir, 'path.txt'))) process.exit(0); // already installed

const installer = join(dir, 'install.js');
// The installer's own output is a stack trace on failure (`TypeError: fetch failed`): keep it
// for the one reason line and print nothing else of it.
const result = spawnSync(process.execPath, [installer], { encoding: 'utf8', timeout: 300_000 });
if (result.status !== 0) {
  const output = `${result.stderr ?? ''}\n${result.stdout ?? ''}`;
  const reason =
    output
      .split('\n')
      .map((line) => line.trim())
      .find((line) => /^(\w*Error|RequestError|HTTPError)\b/.test(line)) ??
    (result.error ? result.error.message : `exit ${result.status ?? result.signal}`);
  console.warn(
    `caduceus: the Electron binary could not be downloaded (${reason}); the CLI and \`npx caduceus serve\` ` +
      'work without it — retry with `npx install-electron`, or set ELECTRON_OVERRIDE_DIST_PATH to an installed Electron.',
  );
}
