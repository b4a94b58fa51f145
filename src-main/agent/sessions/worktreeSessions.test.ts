import { mkdir, mkdtemp, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { worktreesRoot } from './worktreeSessions';

let dir: string;
beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'caduceus-wt-root-')));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('worktrees.root', () => {
  it('defaults under the home folder', () => {
    expect(worktreesRoot({ root: '~/caduceus-worktrees', caduceusHome: join(dir, 'ch'), home: dir })).toBe(
      join(dir, 'caduceus-worktrees'),
    );
  });

  it('is refused inside $CADUCEUS_HOME, also through a symlink', async () => {
    const home = join(dir, 'ch');
    await mkdir(join(home, 'trees'), { recursive: true });
    await symlink(join(home, 'trees'), join(dir, 'link'));
    for (const root of [home, join(home, 'trees'), join(dir, 'link')])
      expect(() => worktreesRoot({ root, caduceusHome: home, home: dir })).toThrow(/inside \$CADUCEUS_HOME/);
    expect(worktreesRoot({ root: join(dir, 'chx'), caduceusHome: home, home: dir })).toBe(join(dir, 'chx'));
  });
});
