import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fingerprint, gitIn, tempDir, write } from '../checkpoints/testing/workspaceFixture';
import { main } from './main';
import { memoryIo } from './testing';

let home: string;
let ws: string;
beforeEach(() => {
  home = tempDir('cli-ck-home');
  ws = tempDir('cli-ck-ws');
});
afterEach(() => cleanup(home, ws));

async function run(...argv: string[]) {
  const m = memoryIo({ CADUCEUS_HOME: home }, ws);
  const code = await main(argv, m.io);
  return { code, stdout: m.stdout(), stderr: m.stderr() };
}

const takeJson = async (...more: string[]) => {
  const taken = await run('checkpoints', 'take', '--json', ...more);
  expect(taken.code, taken.stderr).toBe(0);
  return JSON.parse(taken.stdout) as { id: string };
};

describe('caduceus checkpoints', () => {
  it('restores a workspace, .git included, after rm -rf src .git/objects', async () => {
    mkdirSync(join(ws, 'src'));
    write(ws, 'src/a.ts', 'export const a = 1;\n');
    gitIn(ws, 'init', '-q');
    gitIn(ws, 'add', '-A');
    gitIn(ws, 'commit', '-qm', 'one');
    const before = fingerprint(ws);
    const { id } = await takeJson('--session', 'S1', '--turn', '3');
    rmSync(join(ws, 'src'), { recursive: true });
    rmSync(join(ws, '.git/objects'), { recursive: true });
    const restored = await run('checkpoints', 'restore', id);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/To undo: caduceus checkpoints restore [0-9a-f]+/);
    expect(fingerprint(ws)).toEqual(before);
  });

  it('lists newest first with the documented fields, filtered by session or workspace', async () => {
    write(ws, 'a.txt', 'one\n');
    const first = await takeJson('--session', 'S1', '--turn', '1');
    write(ws, 'a.txt', 'one\ntwo\n');
    write(ws, 'b.txt', 'b\n');
    const second = await takeJson('--session', 'S2', '--turn', '2');
    const listed = await run('checkpoints', 'list', '--json');
    expect(listed.code).toBe(0);
    const rows = JSON.parse(listed.stdout) as Record<string, unknown>[];
    expect(rows.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(rows[0]).toMatchObject({
      id: second.id,
      session: 'S2',
      turn: 2,
      files_changed: 2,
      insertions: 2,
      deletions: 0,
    });
    for (const key of ['id', 'session', 'turn', 'created_at', 'files_changed', 'insertions', 'deletions'])
      expect(rows[0]).toHaveProperty(key);
    const bySession = JSON.parse(
      (await run('checkpoints', 'list', '--session', 'S1', '--json')).stdout,
    ) as unknown[];
    expect(bySession).toHaveLength(1);
    const byWorkspace = JSON.parse(
      (await run('checkpoints', 'list', '--workspace', home, '--json')).stdout,
    ) as unknown[];
    expect(byWorkspace).toHaveLength(0);
    expect((await run('checkpoints', 'list')).stdout).toContain(`${second.id}  `);
  });

  it('diffs and restores one file, and says clearly what is wrong', async () => {
    write(ws, 'a.txt', 'one\n');
    write(ws, 'b.txt', 'bee\n');
    const { id } = await takeJson();
    write(ws, 'a.txt', 'changed\n');
    write(ws, 'b.txt', 'changed too\n');
    const diff = await run('checkpoints', 'diff', id, '--file', 'a.txt');
    expect(diff.stdout).toContain('-one');
    expect(diff.stdout).toContain('+changed');
    expect(diff.stdout).not.toContain('b.txt');
    expect((await run('checkpoints', 'restore', id, '--file', 'a.txt')).code).toBe(0);
    expect(fingerprint(ws)['a.txt']).toContain(Buffer.from('one\n').toString('base64'));
    expect(fingerprint(ws)['b.txt']).toContain(Buffer.from('changed too\n').toString('base64'));

    const outside = await run('checkpoints', 'restore', id, '--file', join(home, 'x'));
    expect(outside.code).toBe(1);
    expect(outside.stderr).toMatch(/not inside the workspace/);
    const unknown = await run('checkpoints', 'diff', 'abcdef0123456789');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no checkpoint matches "abcdef0123456789"/);
    const notAnId = await run('checkpoints', 'restore', '../etc');
    expect(notAnId.stderr).toMatch(/not a checkpoint id/);
    const nowhere = await run('checkpoints', 'restore', id, '--file', 'never.txt');
    expect(nowhere.stderr).toMatch(/in neither checkpoint/);
    expect((await run('checkpoints', 'restore')).code).toBe(2);
  });

  it('prunes to checkpoints.max_count', async () => {
    writeFileSync(join(home, 'config.yaml'), 'checkpoints:\n  max_count: 1\n');
    write(ws, 'a.txt', '1\n');
    await takeJson();
    write(ws, 'a.txt', '2\n');
    const kept = await takeJson();
    const pruned = await run('checkpoints', 'prune');
    expect(pruned.stdout).toContain('Pruned 1 checkpoint.');
    const rows = JSON.parse((await run('checkpoints', 'list', '--json')).stdout) as { id: string }[];
    expect(rows.map((r) => r.id)).toEqual([kept.id]);
  });
});
