import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionStore } from '../agent/sessions/store';
import { RunStatesTable } from '../agent/sessions/runStatesTable';
import { EventBus } from '../contract/eventBus';
import { SessionStates } from './sessionStates';
import { TurnSlots } from './turnSlots';

const stores: SessionStore[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The same database as another process (the CLI) opens it. */
function other(path: string): SessionStore {
  const store = SessionStore.openAt(path);
  stores.push(store);
  return store;
}

function setUp() {
  const dir = mkdtempSync(join(tmpdir(), 'caduceus-states-'));
  dirs.push(dir);
  const path = join(dir, 'sessions.db');
  const store = SessionStore.openAt(path);
  stores.push(store);
  const events = new EventBus();
  const heard: { id: string; state: string; waiting: number }[] = [];
  events.subscribe((name, payload) => {
    if (name === 'sessions.state') heard.push(payload as (typeof heard)[number]);
  });
  return { store, path, events, heard, states: new SessionStates(events, store.runStates) };
}

const finished = (sessionId: string, status: 'done' | 'error' | 'cancelled') =>
  ({ type: 'turn.finished', sessionId, turnId: 't', status }) as const;

describe('SessionStates', () => {
  it('follows a turn: running, waiting for an approval, unread until viewed; shared through the database', () => {
    const { store, path, events, heard, states } = setUp();
    const { id } = store.createSession({ title: 'one' });
    states.setRunning(id, true);
    expect(states.state(id)).toBe('running');
    events.emit('approval.requested', { id: 'a1', sessionId: id } as never);
    expect(states.state(id)).toBe('waiting');
    expect(states.waitingCount()).toBe(1);
    // Another process (the CLI) reads the same rows.
    expect(other(path).runStates.all().get(id)).toBe('waiting');
    events.emit('approval.resolved', { id: 'a1', choice: 'once' });
    expect(states.state(id)).toBe('running');
    events.emit('chat.event', finished(id, 'done'));
    states.setRunning(id, false);
    expect(states.state(id)).toBe('unread');
    expect(other(path).runStates.all().get(id)).toBe('unread');
    states.viewed(id);
    expect(states.state(id)).toBe('idle');
    expect(other(path).runStates.all().has(id)).toBe(false);
    expect(heard.map((h) => h.state)).toEqual(['running', 'waiting', 'running', 'unread', 'idle']);
    expect(heard[1]?.waiting).toBe(1);
  });

  it('a failed turn, a question and a command waiting for input', () => {
    const { store, events, states } = setUp();
    const { id } = store.createSession({ title: 'two' });
    states.setRunning(id, true);
    states.wait(id, 'clarify:q', true);
    expect(states.state(id)).toBe('waiting');
    states.wait(id, 'clarify:q', false);
    events.emit('terminal.inputWait', { streamId: 's', taskId: id, toolCallId: 'c1', prompt: 'Name?' });
    expect(states.state(id)).toBe('waiting');
    events.emit('chat.event', {
      type: 'tool.finished',
      sessionId: id,
      turnId: 't',
      toolCallId: 'c1',
    } as never);
    expect(states.state(id)).toBe('running');
    events.emit('chat.event', finished(id, 'error'));
    expect(states.state(id)).toBe('failed');
  });

  it('running rows of a process that is gone read as idle', () => {
    const { store, path } = setUp();
    const { id } = store.createSession({ title: 'three' });
    // A pid no process has: the kernel's maximum is below 2^22.
    new RunStatesTable(dbOf(other(path)), 2 ** 30).set(id, 'running');
    expect(other(path).runStates.all().has(id)).toBe(false);
  });
});

describe('TurnSlots', () => {
  it('queues turns over the cap; a turn waiting for a person frees its slot', async () => {
    const waiting = new Set<string>();
    const slots = new TurnSlots(
      () => 1,
      (id) => waiting.has(id),
    );
    const first = slots.take('a', new AbortController().signal);
    expect(first.queued).toBe(false);
    const second = slots.take('b', new AbortController().signal);
    expect(second.queued).toBe(true);
    let granted = false;
    void second.ready.then((ok) => (granted = ok));
    waiting.add('a');
    slots.pump();
    expect(await second.ready).toBe(true);
    expect(granted).toBe(true);
    const abort = new AbortController();
    const third = slots.take('c', abort.signal);
    expect(third.queued).toBe(true);
    abort.abort();
    expect(await third.ready).toBe(false);
  });
});

/** The store's database handle, for a table that writes as another process would. */
function dbOf(store: SessionStore) {
  return (store as unknown as { db: ConstructorParameters<typeof RunStatesTable>[0] }).db;
}
