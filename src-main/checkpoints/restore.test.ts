import { chmodSync, existsSync, mkdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointStore } from './store';
import { cleanup, fingerprint, gitIn, tempDir, write } from './testing/workspaceFixture';

let home: string;
let ws: string;
let store: CheckpointStore;

beforeEach(async () => {
  home = tempDir('ck-home');
  ws = tempDir('ck-ws');
  store = await CheckpointStore.open({ home });
});
afterEach(() => {
  store.close();
  cleanup(home, ws);
});

/** A repository with history, an ignored .env and node_modules, modes, links, an empty folder, a nested repo. */
function richWorkspace(): void {
  mkdirSync(join(ws, 'src/lib'), { recursive: true });
  write(ws, 'src/main.ts', 'export const a = 1;\n');
  write(ws, 'src/lib/util.ts', 'export const b = 2;\n');
  write(ws, 'run.sh', '#!/bin/sh\necho hi\n');
  chmodSync(join(ws, 'run.sh'), 0o755);
  write(ws, '.gitignore', '.env\nnode_modules/\n');
  write(ws, '.env', 'TOKEN=secret\n');
  chmodSync(join(ws, '.env'), 0o600);
  write(ws, 'blob.bin', Buffer.from([0, 1, 2, 255, 0, 7]));
  symlinkSync('src/main.ts', join(ws, 'main-link'));
  symlinkSync('/etc/hostname', join(ws, 'outside-link'));
  mkdirSync(join(ws, 'empty/deeper'), { recursive: true });
  mkdirSync(join(ws, 'private'), { mode: 0o700 });
  chmodSync(join(ws, 'private'), 0o700);
  mkdirSync(join(ws, 'node_modules/pkg'), { recursive: true });
  write(ws, 'node_modules/pkg/index.js', 'module.exports = 1;\n');
  gitIn(ws, 'init', '-q');
  gitIn(ws, 'add', '-A');
  gitIn(ws, 'commit', '-qm', 'first');
  mkdirSync(join(ws, 'vendor/inner'), { recursive: true });
  write(ws, 'vendor/inner/x.txt', 'nested\n');
  gitIn(join(ws, 'vendor/inner'), 'init', '-q');
  gitIn(join(ws, 'vendor/inner'), 'add', '-A');
  gitIn(join(ws, 'vendor/inner'), 'commit', '-qm', 'inner');
}

describe('restore', () => {
  it('puts the workspace back byte for byte, .git included, after rm -rf src .git/objects', async () => {
    richWorkspace();
    const before = fingerprint(ws, ['node_modules']);
    const checkpoint = await store.take({ workspace: ws, session: 's1', turn: 1 });
    expect(checkpoint.left_out).toEqual([{ path: 'node_modules', reason: 'ignored-bulky' }]);

    // The turn: edits, a commit, a mode change, a new file, a retargeted link, then the damage.
    write(ws, 'src/main.ts', 'export const a = 2;\n');
    gitIn(ws, 'commit', '-qam', 'second');
    write(ws, 'new.txt', 'new\n');
    chmodSync(join(ws, 'run.sh'), 0o644);
    rmSync(join(ws, 'main-link'));
    symlinkSync('/tmp', join(ws, 'main-link'));
    rmSync(join(ws, 'empty'), { recursive: true });
    write(ws, '.env', 'TOKEN=changed\n');
    rmSync(join(ws, 'vendor/inner/.git'), { recursive: true });
    rmSync(join(ws, 'src'), { recursive: true });
    rmSync(join(ws, '.git/objects'), { recursive: true });

    const { undo } = await store.restore(checkpoint.id);
    expect(fingerprint(ws, ['node_modules'])).toEqual(before);
    expect(gitIn(ws, 'log', '--format=%s')).toBe('first\n');
    expect(gitIn(join(ws, 'vendor/inner'), 'log', '--format=%s')).toBe('inner\n');
    expect(existsSync(join(ws, 'node_modules/pkg/index.js'))).toBe(true);

    // Undo the undo: back to the damaged state.
    await store.restore(undo.id);
    expect(existsSync(join(ws, 'src'))).toBe(false);
    expect(existsSync(join(ws, 'new.txt'))).toBe(true);
    expect(statSync(join(ws, 'run.sh')).mode & 0o777).toBe(0o644);
  });

  it('restores one file from a checkpoint and leaves the rest', async () => {
    richWorkspace();
    const checkpoint = await store.take({ workspace: ws, session: 's1', turn: 1 });
    write(ws, 'src/main.ts', 'changed\n');
    write(ws, 'src/lib/util.ts', 'changed too\n');
    write(ws, 'added.txt', 'added\n');
    await store.restore(checkpoint.id, { file: 'src/main.ts' });
    expect(fingerprint(ws)['src/main.ts']).toContain(Buffer.from('export const a = 1;\n').toString('base64'));
    expect(fingerprint(ws)['src/lib/util.ts']).toContain(Buffer.from('changed too\n').toString('base64'));
    // A file absent at the checkpoint is removed when restored alone.
    await store.restore(checkpoint.id, { file: join(ws, 'added.txt') });
    expect(existsSync(join(ws, 'added.txt'))).toBe(false);
    await expect(store.restore(checkpoint.id, { file: '../elsewhere' })).rejects.toThrow(
      /not inside the workspace/,
    );
    await expect(store.restore('ffffffffffff00', {})).rejects.toThrow(/no checkpoint matches/);
  });
});

describe('restore never writes outside the workspace', () => {
  it('replaces a folder that became a link to outside instead of writing through it', async () => {
    const outside = tempDir('ck-outside');
    try {
      mkdirSync(join(ws, 'src'));
      write(ws, 'src/a.txt', 'inside\n');
      symlinkSync(outside, join(ws, 'away'));
      const checkpoint = await store.take({ workspace: ws, session: 's', turn: 1 });
      rmSync(join(ws, 'src'), { recursive: true });
      symlinkSync(outside, join(ws, 'src'));

      await expect(store.restore(checkpoint.id, { file: 'src/a.txt' })).rejects.toThrow(/symbolic link/);
      expect(existsSync(join(outside, 'a.txt'))).toBe(false);

      await store.restore(checkpoint.id);
      expect(existsSync(join(outside, 'a.txt'))).toBe(false);
      expect(fingerprint(ws)['src']).toMatch(/^dir /);
      expect(fingerprint(ws)['away']).toBe(`link ${outside}`);
    } finally {
      cleanup(outside);
    }
  });

  it('restores a link as a link even where a file now stands', async () => {
    const outside = tempDir('ck-outside');
    try {
      writeFileSync(join(outside, 'target.txt'), 'outside content\n');
      symlinkSync(join(outside, 'target.txt'), join(ws, 'l'));
      const checkpoint = await store.take({ workspace: ws, session: 's', turn: 1 });
      rmSync(join(ws, 'l'));
      write(ws, 'l', 'a file now\n');
      await store.restore(checkpoint.id);
      expect(fingerprint(ws)['l']).toBe(`link ${join(outside, 'target.txt')}`);
      expect(fingerprint(outside)['target.txt']).toContain(
        Buffer.from('outside content\n').toString('base64'),
      );
    } finally {
      cleanup(outside);
    }
  });
});
