import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSessionsDb } from './db';
import { ownerAlive, processOwner, selfOwner } from './processOwner';
import { SessionStore } from './store';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-orphans-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A process that has exited, and its owner stamp from while it ran. */
async function deadOwner(): Promise<string> {
  const child = spawn('sleep', ['30']);
  const owner = processOwner(child.pid);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  if (owner === null) throw new Error('no owner read');
  return owner;
}

describe('calls whose process is gone', () => {
  it('tells a live owner from a dead one and from a reused pid', async () => {
    expect(ownerAlive(selfOwner())).toBe(true);
    expect(ownerAlive(await deadOwner())).toBe(false);
    // Same pid, another start time: the pid was reused.
    expect(ownerAlive(`${process.pid}:0`)).toBe(false);
  });

  it('are marked interrupted when the store opens; calls of live processes stay running', async () => {
    const path = join(dir, 'sessions.db');
    const store = SessionStore.openAt(path);
    const { id } = store.createSession({ title: 'Sleepy' });
    store.startToolCall(id, { id: 'mine', name: 'terminal', args: '{}' });
    const dead = store.startToolCall(id, { id: 'dead', name: 'terminal', args: '{}' });
    const legacy = store.startToolCall(id, { id: 'legacy', name: 'terminal', args: '{}' });
    store.close();
    const db = openSessionsDb(path);
    db.prepare('UPDATE tool_calls SET owner = ? WHERE id = ?').run(await deadOwner(), dead);
    db.prepare('UPDATE tool_calls SET owner = NULL WHERE id = ?').run(legacy);
    db.close();

    const reopened = SessionStore.openAt(path);
    const status = Object.fromEntries(reopened.toolCalls(id).map((c) => [c.id, c.status]));
    expect(status).toEqual({ mine: 'running', dead: 'interrupted', legacy: 'interrupted' });
    expect(reopened.toolCalls(id).find((c) => c.id === 'dead')?.result).toMatch(/Interrupted/);
    reopened.close();
  });
});
