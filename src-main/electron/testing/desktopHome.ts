/**
 * Desktop-app tests: each test gets a CADUCEUS_HOME of its own and starts with no windows left
 * from the one before; afterwards the variable is put back and the folder removed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { FakeBrowserWindow } from './fakeElectron';

export function useDesktopHome(prefix: string): { readonly dir: string } {
  let dir: string | undefined;
  const savedHome = process.env.CADUCEUS_HOME;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
    process.env.CADUCEUS_HOME = dir;
    FakeBrowserWindow.all.length = 0;
  });
  afterEach(async () => {
    if (savedHome === undefined) delete process.env.CADUCEUS_HOME;
    else process.env.CADUCEUS_HOME = savedHome;
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });
  return {
    get dir() {
      if (!dir) throw new Error('the desktop home exists only inside a test');
      return dir;
    },
  };
}
