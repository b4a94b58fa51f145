import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The installed Electron binary, if any. Found the way the `electron` package finds it, but
 * without its fallback of downloading one (which cannot work offline).
 */
export function findElectronBinary(): string | undefined {
  let dir: string;
  try {
    dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
  const pathFile = join(dir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = override
    ? join(override, relative ?? 'electron')
    : relative
      ? join(dir, 'dist', relative)
      : undefined;
  return candidate && existsSync(candidate) ? candidate : undefined;
}
