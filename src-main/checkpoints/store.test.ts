import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointStore } from './store';
import { cleanup, fingerprint, tempDir, write } from './testing/workspaceFixture';

let home: string;
let ws: string;

beforeEach(() => {
  home = tempDir('ck-home');
  ws = tempDir('ck-ws');
});
afterEach(() => cleanup(home, ws));

describe('the store', () => {
  it('is private to its owner', async () => {
    const store = await CheckpointStore.open({ home });
    await store.take({ workspace: ws, session: 's', turn: 1 });
    expect(statSync(join(home, 'checkpoints')).mode & 0o777).toBe(0o700);
  });

  it('counts a turn against the checkpoint before it and lists newest first', async () => {
    const store = await CheckpointStore.open({ home });
    write(ws, 'a.txt', 'one\ntwo\n');
    const first = await store.take({ workspace: ws, session: 's1', turn: 1 });
    expect([first.files_changed, first.insertions, first.deletions]).toEqual([0, 0, 0]);
    write(ws, 'a.txt', 'one\nTWO\nthree\n');
    write(ws, 'b.txt', 'b\n');
    const second = await store.take({ workspace: ws, session: 's2', turn: 1 });
    expect([second.files_changed, second.insertions, second.deletions]).toEqual([2, 3, 1]);
    expect(store.list().map((c) => c.id)).toEqual([second.id, first.id]);
    expect(store.list({ session: 's1' }).map((c) => c.id)).toEqual([first.id]);
    expect(store.list({ workspace: ws }).length).toBe(2);
    expect(store.list({ workspace: home }).length).toBe(0);
  });

  it('tells added, modified, deleted, renamed and binary files apart', async () => {
    const store = await CheckpointStore.open({ home });
    const long = Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n');
    write(ws, 'keep.txt', 'a\n');
    write(ws, 'gone.txt', 'bye\n');
    write(ws, 'old-name.txt', `${long}\n`);
    write(ws, 'img.bin', Buffer.from([0, 1, 2, 3]));
    const checkpoint = await store.take({ workspace: ws, session: 's', turn: 1 });
    write(ws, 'keep.txt', 'a\nb\n');
    rmSync(join(ws, 'gone.txt'));
    renameSync(join(ws, 'old-name.txt'), join(ws, 'new-name.txt'));
    write(ws, 'img.bin', Buffer.from([0, 9, 9, 9]));
    write(ws, 'fresh.txt', 'hi\n');
    const diff = await store.diff(checkpoint.id);
    const byPath = Object.fromEntries(diff.files.map((f) => [f.path, f]));
    expect(byPath['keep.txt']).toMatchObject({ status: 'modified', insertions: 1, deletions: 0 });
    expect(byPath['gone.txt']).toMatchObject({ status: 'deleted', deletions: 1 });
    expect(byPath['new-name.txt']).toMatchObject({ status: 'renamed', from: 'old-name.txt' });
    expect(byPath['img.bin']).toMatchObject({ status: 'modified', binary: true });
    expect(byPath['fresh.txt']).toMatchObject({ status: 'added', insertions: 1 });
    expect(diff.patch).toContain('+b');
    const one = await store.diff(checkpoint.id, { file: 'keep.txt' });
    expect(one.files.map((f) => f.path)).toEqual(['keep.txt']);
    await expect(store.diff(checkpoint.id, { file: '/etc/passwd' })).rejects.toThrow(
      /not inside the workspace/,
    );
    store.close();
  });

  it('names .git paths as the workspace has them', async () => {
    const store = await CheckpointStore.open({ home });
    mkdirSync(join(ws, '.git'));
    write(ws, '.git/HEAD', 'ref: refs/heads/main\n');
    const checkpoint = await store.take({ workspace: ws, session: 's', turn: 1 });
    write(ws, '.git/HEAD', 'ref: refs/heads/other\n');
    const diff = await store.diff(checkpoint.id);
    expect(diff.files.map((f) => f.path)).toEqual(['.git/HEAD']);
    expect(diff.patch).toContain('a/.git/HEAD');
  });

  it('leaves out and reports files over the size limit and .git data past the cap', async () => {
    const store = await CheckpointStore.open({
      home,
      config: () => ({ max_file_mb: 0.001, max_git_mb: 0.001 }),
    });
    write(ws, 'big.dat', Buffer.alloc(4096, 1));
    write(ws, 'small.txt', 'ok\n');
    mkdirSync(join(ws, '.git'));
    write(ws, '.git/pack', Buffer.alloc(4096, 2));
    const checkpoint = await store.take({ workspace: ws, session: 's', turn: 1 });
    expect(checkpoint.left_out).toEqual(
      expect.arrayContaining([
        { path: 'big.dat', reason: 'too-large', size: 4096 },
        { path: '.git/pack', reason: 'git-cap', size: 4096 },
      ]),
    );
    expect(checkpoint.git_cap_applied).toBe(true);
    // What was left out is left alone by a restore.
    write(ws, 'big.dat', Buffer.alloc(4096, 3));
    await store.restore(checkpoint.id);
    expect(existsSync(join(ws, 'big.dat'))).toBe(true);
  });
});

describe('watching', () => {
  it('sees edits, new and removed folders and renames between snapshots', async () => {
    const store = await CheckpointStore.open({ home, watch: true });
    try {
      mkdirSync(join(ws, 'a/b'), { recursive: true });
      write(ws, 'a/b/one.txt', '1\n');
      write(ws, 'top.txt', 'top\n');
      const first = await store.take({ workspace: ws, session: 's', turn: 1 });
      const before = fingerprint(ws);
      write(ws, 'a/b/one.txt', '1 changed\n');
      mkdirSync(join(ws, 'new/deep'), { recursive: true });
      write(ws, 'new/deep/n.txt', 'n\n');
      renameSync(join(ws, 'top.txt'), join(ws, 'a/moved.txt'));
      chmodSync(join(ws, 'a/moved.txt'), 0o600);
      const second = await store.take({ workspace: ws, session: 's', turn: 2 });
      const paths = (await store.diffBetween(first.id, second.id)).files.map((f) => f.path).sort();
      expect(paths).toEqual(['a/b/one.txt', 'a/moved.txt', 'new/deep/n.txt']);
      rmSync(join(ws, 'new'), { recursive: true });
      mkdirSync(join(ws, 'new'));
      write(ws, 'new/again.txt', 'again\n');
      const third = await store.take({ workspace: ws, session: 's', turn: 3 });
      expect((await store.diffBetween(second.id, third.id)).files.map((f) => f.path).sort()).toEqual([
        'new/again.txt',
        'new/deep/n.txt',
      ]);
      await store.restore(first.id);
      expect(fingerprint(ws)).toEqual(before);
    } finally {
      store.close();
    }
  });
});

describe('prune', () => {
  it('keeps max_count per workspace and drops what is older than retention_days', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const config = { max_count: 2, retention_days: 30 };
    const store = await CheckpointStore.open({ home, config: () => config, now: () => now });
    const ids: string[] = [];
    for (let turn = 1; turn <= 4; turn++) {
      write(ws, 'f.txt', `turn ${turn}\n`);
      ids.push((await store.take({ workspace: ws, session: 's', turn })).id);
      now += 1000;
    }
    expect((await store.prune()).sort()).toEqual(ids.slice(0, 2).sort());
    expect(store.list().map((c) => c.id)).toEqual([ids[3], ids[2]]);
    // Objects only the dropped checkpoints held are gone; the kept ones still restore.
    write(ws, 'f.txt', 'later\n');
    await store.restore(ids[2] ?? '');
    expect(fingerprint(ws)['f.txt']).toContain(Buffer.from('turn 3\n').toString('base64'));
    await expect(store.restore(ids[0] ?? '')).rejects.toThrow(/no checkpoint/);
    now += 31 * 86_400_000;
    expect((await store.prune()).length).toBe(3);
    expect(store.list()).toEqual([]);
    // A new snapshot after the store lost objects writes them again.
    const fresh = await store.take({ workspace: ws, session: 's', turn: 9 });
    writeFileSync(join(ws, 'f.txt'), 'x');
    await store.restore(fresh.id);
    expect(fingerprint(ws)['f.txt']).toContain(Buffer.from('turn 3\n').toString('base64'));
    expect(readdirSync(join(home, 'checkpoints/records'))).toHaveLength(2);
  });
});

describe('a workspace holding the store', () => {
  it('leaves the store out, and a restore leaves it alone', async () => {
    const inner = join(ws, '.caduceus');
    const store = await CheckpointStore.open({ home: inner });
    write(ws, 'a.txt', 'a\n');
    const checkpoint = await store.take({ workspace: ws, session: 's', turn: 1 });
    expect(checkpoint.left_out).toEqual([{ path: '.caduceus/checkpoints', reason: 'checkpoint-store' }]);
    write(ws, 'a.txt', 'b\n');
    await store.restore(checkpoint.id);
    expect(store.list()).toHaveLength(2);
  });
});
