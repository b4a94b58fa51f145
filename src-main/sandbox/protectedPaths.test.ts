import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProtectedPathsCache } from './protectedPaths';

let root: string;
let workspace: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'caduceus-protected-'));
  workspace = join(root, 'ws');
  await mkdir(workspace);
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('ProtectedPathsCache', () => {
  it('protects a top-level file that appeared after the cached scan, before any refresh', async () => {
    const cache = new ProtectedPathsCache(join(root, 'home'));
    expect(await cache.get(workspace)).not.toContain(join(workspace, '.bashrc'));
    await writeFile(join(workspace, '.bashrc'), 'safe\n');
    await mkdir(join(workspace, '.git/hooks'), { recursive: true });
    const now = await cache.get(workspace);
    expect(now).toContain(join(workspace, '.bashrc'));
    expect(now).toContain(join(workspace, '.git/hooks'));
  });

  it('finds nested repositories and dotfiles in a refreshed scan', async () => {
    const cache = new ProtectedPathsCache(join(root, 'home'));
    await cache.get(workspace);
    await mkdir(join(workspace, 'sub/.git/hooks'), { recursive: true });
    cache.refresh(workspace);
    expect(await cache.get(workspace)).toContain(join(workspace, 'sub/.git/hooks'));
  });
});

describe('absent protected paths', () => {
  it('are left to the guard: only what exists is bound, so nothing is mounted in their place', async () => {
    const cache = new ProtectedPathsCache(workspace);
    await mkdir(join(workspace, '.git'));
    expect(await cache.get(workspace)).toEqual([]);
  });
});
