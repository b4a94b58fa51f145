import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatEvent } from '../../src-shared/ipc/chatSchemas';
import type { Settings } from '../../src-shared/ipc/schemas';
import { setBridge, useConnection } from '../api/client';
import { createFakeBridge, type FakeBridge } from '../testing/fakeBridge';
import { useNotices } from './noticesStore';
import { defineQuery, invalidate, startQueries, useQueries, type QuerySpec } from './query';

let fake: FakeBridge;
let keys = 0;

beforeEach(() => {
  fake = createFakeBridge();
  setBridge(fake.bridge);
  useNotices.setState({ notices: [] });
  useConnection.setState({ state: { status: 'connecting', attempt: 0 } });
});

/** A query over a counter: each load answers with the next number, into `got`. */
function counter(spec: Partial<QuerySpec<number>> = {}) {
  let loads = 0;
  const got: number[] = [];
  const query = defineQuery<number>({
    key: `test.${++keys}`,
    fetch: async () => ++loads,
    received: (n) => got.push(n),
    failure: 'Could not count',
    ...spec,
  });
  return { query, got, loads: () => loads };
}

const finished: ChatEvent = { type: 'turn.finished', sessionId: 's', turnId: 't', status: 'done' };
const delta: ChatEvent = { type: 'assistant.delta', sessionId: 's', turnId: 't', messageId: 'm', text: 'x' };

describe('defineQuery', () => {
  it('puts what it loads in the store and records the status', async () => {
    const { query, got } = counter();
    expect(useQueries.getState()[query.key]).toBeUndefined();
    const loading = query.load();
    expect(useQueries.getState()[query.key]?.status).toBe('loading');
    expect(await loading).toBe(1);
    expect(got).toEqual([1]);
    expect(useQueries.getState()[query.key]).toEqual({ status: 'ready', error: undefined });
  });

  it('reports a failed load once, with what failed and why, and keeps the data it had', async () => {
    const { query, got } = counter({
      fetch: () => Promise.reject(new Error('main is gone')),
    });
    expect(await query.load()).toBeUndefined();
    expect(got).toEqual([]);
    expect(useQueries.getState()[query.key]).toEqual({ status: 'error', error: 'main is gone' });
    expect(useNotices.getState().notices.map((n) => n.text)).toEqual(['Could not count: main is gone']);
  });

  it('keeps only the newest load when an older one answers last', async () => {
    const answers: ((n: number) => void)[] = [];
    const { query, got } = counter({ fetch: () => new Promise<number>((resolve) => answers.push(resolve)) });
    const older = query.load();
    const newer = query.load();
    answers[1]?.(2);
    await newer;
    answers[0]?.(1);
    await older;
    expect(got).toEqual([2]);
    expect(useQueries.getState()[query.key]?.status).toBe('ready');
  });

  // A load starts (and counts) as the event arrives: no waiting needed.
  it('while kept, reloads on the events that make it stale and applies updates; released, neither', () => {
    const updates: string[] = [];
    const { query, loads } = counter({
      invalidatedBy: ['approval.resolved', { event: 'chat.event', when: (e) => e.type === 'turn.finished' }],
      updatedBy: { 'mcp.elicitationResolved': ({ id }) => updates.push(id) },
    });
    fake.emit('approval.resolved', { id: 'a', choice: 'once' });
    expect(loads()).toBe(0);

    const release = query.keep();
    const second = query.keep();
    expect(query.kept).toBe(true);
    fake.emit('approval.resolved', { id: 'a', choice: 'once' });
    fake.emit('chat.event', delta);
    fake.emit('chat.event', finished);
    fake.emit('mcp.elicitationResolved', { id: 'e1' });
    expect(loads()).toBe(2);
    expect(updates).toEqual(['e1']);

    release();
    release();
    fake.emit('chat.event', finished);
    expect(loads()).toBe(3);
    second();
    expect(query.kept).toBe(false);
    fake.emit('chat.event', finished);
    fake.emit('mcp.elicitationResolved', { id: 'e2' });
    expect(loads()).toBe(3);
    expect(updates).toEqual(['e1']);
  });

  it('invalidate reloads the named queries that are kept, and no other', async () => {
    const kept = counter();
    const idle = counter();
    const release = kept.query.keep();
    await invalidate(kept.query.key, idle.query.key, 'no.such.query');
    expect([kept.loads(), idle.loads()]).toEqual([1, 0]);
    release();
  });
});

describe('startQueries', () => {
  it('keeps the live queries and loads every kept one on connect; stopped, it lets them go', () => {
    const live = counter({ live: true, invalidatedBy: ['settings.changed'] });
    const shown = counter();
    const hidden = counter();
    const releaseShown = shown.query.keep();
    useConnection.setState({ state: { status: 'open' } });
    const stop = startQueries();
    expect([live.loads(), shown.loads(), hidden.loads()]).toEqual([1, 1, 0]);

    fake.emit('settings.changed', {} as Settings);
    expect(live.loads()).toBe(2);

    // Defined once the app runs (a module loaded later): kept and loaded at once.
    const late = counter({ live: true });
    expect([late.loads(), late.query.kept]).toEqual([1, true]);

    stop();
    releaseShown();
    expect([live.query.kept, late.query.kept, shown.query.kept]).toEqual([false, false, false]);
    fake.emit('settings.changed', {} as Settings);
    expect(live.loads()).toBe(2);
  });
});
