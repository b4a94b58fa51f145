import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionSummary } from '../../../src-shared/sessions';
import { SessionStore, type ListCursor } from './store';

let home: string;
let store: SessionStore;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-paging-'));
  store = SessionStore.open(home);
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(async () => {
  vi.useRealTimers();
  store.close();
  await rm(home, { recursive: true, force: true });
});

const T0 = Date.UTC(2026, 0, 1);

/** 130 sessions, three to a millisecond, so the order's tie-break is read as well. */
function many(): void {
  for (let i = 0; i < 130; i++) {
    vi.setSystemTime(T0 + Math.floor(i / 3));
    store.createSession({ title: `session ${i}` });
  }
  store.createSession({ title: 'child', parentId: store.listSessions({ limit: 1 })[0]?.id ?? '' });
}

const cursor = (page: SessionSummary[]): ListCursor | undefined => {
  const last = page.at(-1);
  return last ? { updatedAt: last.updatedAt, id: last.id } : undefined;
};

function pageAfter(after: ListCursor | undefined, limit = 25): SessionSummary[] {
  return store.listSessions({ limit, ...(after ? { after } : {}) });
}

/** Every page from `after` on, joined; a list that never ends stops after 20 pages. */
function pagesAfter(after: ListCursor | undefined): string[] {
  const ids: string[] = [];
  for (let page = pageAfter(after), n = 0; page.length > 0 && n < 20; page = pageAfter(cursor(page)), n++)
    ids.push(...page.map((s) => s.id));
  return ids;
}

describe('paging the session list', () => {
  it('reads every top-level session once, in the order of the whole list', () => {
    many();
    const whole = store.listSessions({ limit: 1000 }).map((s) => s.id);
    expect(whole).toHaveLength(130);
    const paged = pagesAfter(undefined);
    expect(paged).toEqual(whole);
  });

  it('neither repeats nor skips a session when another one changes between two pages', () => {
    many();
    const before = store.listSessions({ limit: 1000 }).map((s) => s.id);
    const first = pageAfter(undefined);
    // One session of a later page and one already shown get a message: both move to the top.
    const later = before[60] as string;
    const shown = before[3] as string;
    vi.setSystemTime(T0 + 10_000);
    store.appendMessage(later, { role: 'user', content: 'again' });
    store.appendMessage(shown, { role: 'user', content: 'again' });
    const rest = pagesAfter(cursor(first));
    // The moved one is at the top now, which a reload of the first page shows; the rest go on
    // exactly where the first page stopped.
    expect(rest).toEqual(before.slice(25).filter((id) => id !== later));
    expect(pageAfter(undefined, 2).map((s) => s.id)).toEqual([shown, later].sort().reverse());
  });

  it('goes on from a cursor whose session was deleted', () => {
    many();
    const first = pageAfter(undefined);
    const last = first.at(-1) as SessionSummary;
    const whole = store.listSessions({ limit: 1000 }).map((s) => s.id);
    store.deleteSession(last.id);
    expect(pageAfter(cursor(first)).map((s) => s.id)).toEqual(whole.slice(25, 50));
  });
});

describe('searching sessions', () => {
  it('gives each top-level session once with its best message, however old the session', () => {
    vi.setSystemTime(T0);
    const old = store.createSession({ title: 'old' });
    store.appendMessage(old.id, { role: 'user', content: 'the quokka deployment broke' });
    store.appendMessage(old.id, { role: 'assistant', content: 'quokka quokka: the deployment of quokka' });
    const child = store.createSession({ title: 'child', parentId: old.id });
    store.appendMessage(child.id, { role: 'user', content: 'quokka in a child' });
    for (let i = 0; i < 80; i++) {
      vi.setSystemTime(T0 + 1 + i);
      const s = store.createSession({ title: `newer ${i}` });
      store.appendMessage(s.id, { role: 'user', content: `nothing to see ${i}` });
    }
    expect(store.listSessions({ limit: 50 }).map((s) => s.id)).not.toContain(old.id);
    const hits = store.searchSessions('quokka');
    expect(hits.map((h) => h.sessionId)).toEqual([old.id]);
    expect(hits[0]?.snippet).toBe('>>>quokka<<< >>>quokka<<<: the deployment of >>>quokka<<<');
    expect(store.searchSessions('nothing', 10)).toHaveLength(10);
  });
});
