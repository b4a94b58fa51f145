// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionSummary } from '../../../src-shared/ipc/chatSchemas';
import { setBridge } from '../../api/client';
import { createFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { sendEarly } from '../../api/earlyConnection';
import { FIRST_PAGE, SESSIONS_PAGE } from './firstPage';
import { showEarlyPage, useSessions } from './sessionsStore';

/** 700 sessions, newest first, as main would list them. */
const ALL: SessionSummary[] = Array.from({ length: 700 }, (_, i) => ({
  id: `s${String(1000 - i).padStart(4, '0')}`,
  title: `Session ${i}`,
  createdAt: 1,
  updatedAt: 10_000 - i,
  messageCount: 1,
}));

interface ListInput {
  query?: string;
  limit?: number;
  after?: { updatedAt: number; id: string };
}

let fake: FakeBridge;
const lists = () => fake.calls.filter((c) => c.name === 'sessions.list').map((c) => c.input as ListInput);

beforeEach(() => {
  fake = createFakeBridge({
    'sessions.list': (input) => {
      const { query, limit = 50, after } = input as ListInput;
      if (query) return ALL.filter((s) => s.title.endsWith(` ${query}`));
      const from = after ? ALL.findIndex((s) => s.id === after.id) + 1 : 0;
      return ALL.slice(from, from + limit);
    },
  });
  setBridge(fake.bridge);
  useSessions.setState({ sessions: [], hasMore: false, loadingMore: false, query: '' });
});

const ids = () => useSessions.getState().sessions.map((s) => s.id);

describe('the sessions store', () => {
  it('shows the first page asked for before the app loaded, and its first load asks for nothing more', async () => {
    // Inside Electron the early request goes through the preload bridge.
    Object.defineProperty(window, 'caduceus', { value: fake.bridge, configurable: true });
    try {
      sendEarly('sessions.list', FIRST_PAGE);
      await showEarlyPage(10_000);
      expect(ids()).toEqual(ALL.slice(0, SESSIONS_PAGE).map((s) => s.id));
      expect(useSessions.getState().hasMore).toBe(true);
      await useSessions.getState().refresh();
      expect(lists()).toEqual([FIRST_PAGE]);
      // Later loads ask again.
      await useSessions.getState().refresh();
      expect(lists()).toEqual([FIRST_PAGE, FIRST_PAGE]);
      expect(ids()).toEqual(ALL.slice(0, SESSIONS_PAGE).map((s) => s.id));
    } finally {
      Reflect.deleteProperty(window, 'caduceus');
    }
  });

  it('loads a page, then the next after the last one shown', async () => {
    await useSessions.getState().refresh();
    expect(ids()).toEqual(ALL.slice(0, SESSIONS_PAGE).map((s) => s.id));
    expect(useSessions.getState().hasMore).toBe(true);
    await useSessions.getState().loadMore();
    expect(ids()).toEqual(ALL.slice(0, 2 * SESSIONS_PAGE).map((s) => s.id));
    const last = ALL[SESSIONS_PAGE - 1] as SessionSummary;
    expect(lists().at(-1)).toEqual({
      limit: SESSIONS_PAGE,
      after: { updatedAt: last.updatedAt, id: last.id },
    });
  });

  it('reloads as many as are shown, and keeps the place of a reader past the reload limit', async () => {
    await useSessions.getState().refresh();
    for (let i = 0; i < 11; i++) await useSessions.getState().loadMore();
    expect(ids()).toHaveLength(600);
    await useSessions.getState().refresh();
    expect(lists().at(-1)).toEqual({ limit: 500 });
    expect(ids()).toEqual(ALL.slice(0, 600).map((s) => s.id));
    await useSessions.getState().loadMore();
    expect(ids()).toEqual(ALL.slice(0, 650).map((s) => s.id));
  });

  it('shows a search as its hits alone, and the list again after it', async () => {
    await useSessions.getState().refresh();
    await useSessions.getState().search('650');
    expect(ids()).toEqual([ALL[650]?.id]);
    expect(useSessions.getState().hasMore).toBe(false);
    await useSessions.getState().loadMore();
    expect(lists().filter((l) => l.after)).toEqual([]);
    await useSessions.getState().search('');
    expect(ids()).toEqual(ALL.slice(0, SESSIONS_PAGE).map((s) => s.id));
  });

  it('runs one search at a time and then only the newest query', async () => {
    const typing = ['1', '12', '123', '1234'].map((q) => useSessions.getState().search(q));
    await Promise.all(typing);
    expect(lists().map((l) => l.query)).toEqual(['1', '1234']);
    expect(useSessions.getState().query).toBe('1234');
  });
});
