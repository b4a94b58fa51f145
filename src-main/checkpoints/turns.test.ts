import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../runtime/logger';
import { CheckpointStore } from './store';
import { TurnCheckpoints } from './turns';

let dir: string;
let store: CheckpointStore;
let turns: TurnCheckpoints;
let now = Date.parse('2026-01-01T00:00:00Z');

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'caduceus-turns-')));
  store = await CheckpointStore.open({ home: join(dir, 'home'), now: () => (now += 1000) });
  turns = new TurnCheckpoints({ store, notCovered: () => undefined, logger: createMemoryLogger() });
});
afterEach(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a session’s turns as checkpoints', () => {
  it('answers each turn’s own files, and says when another session changed the workspace meanwhile', async () => {
    const work = join(dir, 'work');
    await mkdir(work);
    await writeFile(join(work, 'a.txt'), 'a\n');
    await turns.begin('s1', 1, work);
    await writeFile(join(work, 'a.txt'), 'a\nb\n');
    await turns.end('s1', 1, work);
    await turns.begin('s1', 2, work);
    await turns.begin('s2', 1, work);
    await writeFile(join(work, 'c.txt'), 'c\n');
    await turns.end('s2', 1, work);
    await turns.end('s1', 2, work);

    const { turns: listed } = await turns.changes('s1', work);
    expect(listed.map((t) => [t.turn, t.files.map((f) => f.path)])).toEqual([
      [1, ['a.txt']],
      [2, ['c.txt']],
    ]);
    expect(listed[0]?.notes).toEqual([]);
    expect(listed[1]?.notes[0]).toContain('Another session (s2)');
  });

  it('takes nothing of a workspace too broad to snapshot, and says why', async () => {
    const broad = new TurnCheckpoints({
      store,
      notCovered: () => undefined,
      tooBroad: (w) => (w === dir ? 'a home folder' : undefined),
      logger: createMemoryLogger(),
    });
    await broad.begin('s1', 1, dir);
    expect(store.list()).toEqual([]);
    expect((await broad.changes('s1', dir)).notCovered).toBe('a home folder');
  });

  it('takes nothing when the session is not covered', async () => {
    const off = new TurnCheckpoints({ store, notCovered: () => 'off', logger: createMemoryLogger() });
    await off.begin('s1', 1, dir);
    expect(store.list()).toEqual([]);
    expect((await off.changes('s1', dir)).notCovered).toBe('off');
  });
});
