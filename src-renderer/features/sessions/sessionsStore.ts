import { create } from 'zustand';
import type { SessionRunState, SessionSummary } from '../../../src-shared/ipc/chatSchemas';
import { api, unwrap } from '../../api/client';
import { earlyReply, takeEarlyReply } from '../../api/earlyConnection';
import { reportError } from '../../state/noticesStore';
import { defineQuery } from '../../state/query';
import { FIRST_PAGE, SESSIONS_PAGE } from './firstPage';
/** A reload asks for as many as are shown, up to this many. */
const RELOAD_MAX = 500;

interface SessionsStore {
  /** The loaded pages, newest first; or a search's matches. */
  sessions: SessionSummary[];
  /** Older sessions exist past the last one loaded (never while searching). */
  hasMore: boolean;
  loadingMore: boolean;
  /** Each session's state as main last said (sessions.state), over the list's own. */
  states: Record<string, SessionRunState>;
  /** How many sessions wait for a person (the window title's count). */
  waiting: number;
  query: string;
  /** Reloads the list for the current query. */
  refresh(): Promise<void>;
  /** Loads the next page after the last session shown. */
  loadMore(): Promise<void>;
  /** Shows the sessions matching `query` (all when empty); only the newest query's answer lands. */
  search(query: string): Promise<void>;
  rename(id: string, title: string): Promise<boolean>;
  /**
   * Deletes the session; a string instead says what its worktree would lose, and nothing was
   * deleted (`confirm` deletes anyway).
   */
  remove(id: string, confirm?: boolean): Promise<boolean | string>;
  /** The session was deleted, here or in another window: true when this window deleted it. */
  deleted(id: string): boolean;
  exportSession(
    id: string,
    format: 'markdown' | 'json',
  ): Promise<{ filename: string; content: string } | undefined>;
}

/** Deletions this window asked for and has no reply to yet. */
const deleting = new Set<string>();

/**
 * The shown sessions past the end of a reloaded `page` (it stops at RELOAD_MAX), so a reader far
 * down the list keeps their place; any that changed since are in the page itself.
 */
function olderThan(page: SessionSummary[], shown: SessionSummary[]): SessionSummary[] {
  const last = page.at(-1);
  if (!last || shown.length <= page.length) return [];
  const ids = new Set(page.map((x) => x.id));
  return shown.filter(
    (x) =>
      !ids.has(x.id) && (x.updatedAt < last.updatedAt || (x.updatedAt === last.updatedAt && x.id < last.id)),
  );
}

/** Bumped by each full load, so a page asked for before it is not appended after it. */
let listVersion = 0;
/** The sessions shown are a search's hits. */
let showingSearch = false;

/**
 * A turn that starts or ends changes a session's title, time and place in the list. A reload
 * reads as many sessions as were shown (so the list does not shrink under the reader), within
 * RELOAD_MAX.
 */
const sessionsQuery = defineQuery({
  key: 'sessions',
  fetch: async () => {
    const { query: typed, sessions, hasMore } = useSessions.getState();
    const query = typed.trim();
    if (query) return { sessions: await unwrap(api().sessionsList({ query })), more: false, searched: true };
    // Search hits are no run of the list: they are dropped, not kept as its tail.
    const shown = showingSearch ? [] : sessions;
    const limit = Math.min(RELOAD_MAX, Math.max(SESSIONS_PAGE, shown.length));
    const page = await listPage(limit);
    const tail = olderThan(page, shown);
    return {
      sessions: [...page, ...tail],
      more: tail.length > 0 ? hasMore : page.length === limit,
      searched: false,
    };
  },
  received: ({ sessions, more, searched }) => {
    listVersion++;
    showingSearch = searched;
    useSessions.setState({ sessions, hasMore: more, states: {} });
  },
  failure: 'Could not load sessions',
  invalidatedBy: [
    { event: 'chat.event', when: (e) => e.type === 'turn.started' || e.type === 'turn.finished' },
  ],
  updatedBy: {
    'sessions.state': ({ id, state, waiting }) =>
      useSessions.setState((s) => ({ states: { ...s.states, [id]: state }, waiting })),
  },
  live: true,
});

/** The newest `limit` sessions: the page load's first ask, when it was sent early and answered, else a request now. */
async function listPage(limit: number): Promise<SessionSummary[]> {
  const early = limit === FIRST_PAGE.limit ? takeEarlyReply('sessions.list', FIRST_PAGE) : undefined;
  if (early) {
    const reply = await early;
    if (reply.ok) return reply.value;
  }
  // Asked at once, not a tick later: a reread follows the event that called for it.
  return unwrap(api().sessionsList({ limit }));
}

/**
 * Shows the first page asked for by the entry module as soon as it lands, rather than after the
 * app has mounted and connected. Resolves once it is shown, or after `limitMs`.
 */
export function showEarlyPage(limitMs: number): Promise<void> {
  const shown = earlyReply('sessions.list', FIRST_PAGE)?.then((reply) => {
    const { sessions, query } = useSessions.getState();
    if (!reply.ok || sessions.length > 0 || query.trim()) return;
    useSessions.setState({ sessions: reply.value, hasMore: reply.value.length === SESSIONS_PAGE });
  });
  if (!shown) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    void shown.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A search in flight, and whether the query changed meanwhile. */
let searching: Promise<void> | undefined;
let searchAgain = false;

export const useSessions = create<SessionsStore>((set, get) => ({
  sessions: [],
  hasMore: false,
  loadingMore: false,
  states: {},
  waiting: 0,
  query: '',

  refresh: async () => void (await sessionsQuery.load()),

  async loadMore() {
    const { sessions, hasMore, loadingMore, query } = get();
    const last = sessions.at(-1);
    if (!hasMore || loadingMore || query.trim() || !last) return;
    const version = listVersion;
    set({ loadingMore: true });
    try {
      const after = { updatedAt: last.updatedAt, id: last.id };
      const page = await unwrap(api().sessionsList({ limit: SESSIONS_PAGE, after }));
      if (version !== listVersion) return;
      // A session can have moved up into the shown pages meanwhile; it stays where it is.
      const shown = new Set(get().sessions.map((x) => x.id));
      set((s) => ({
        sessions: [...s.sessions, ...page.filter((x) => !shown.has(x.id))],
        hasMore: page.length === SESSIONS_PAGE,
      }));
    } catch (err) {
      reportError('Could not load more sessions', err);
    } finally {
      set({ loadingMore: false });
    }
  },

  /**
   * One search at a time, at once, with no debounce: while one runs, a newer query waits for it
   * and then runs once, whatever was typed meanwhile. A search takes milliseconds, so typing
   * is answered as it goes, and the server never queues a search per keystroke.
   */
  async search(query) {
    set({ query });
    if (searching) {
      searchAgain = true;
      return searching;
    }
    searching = (async () => {
      try {
        do {
          searchAgain = false;
          await get().refresh();
        } while (searchAgain);
      } finally {
        searching = undefined;
      }
    })();
    return searching;
  },

  async rename(id, title) {
    try {
      await unwrap(api().sessionsRename({ id, title }));
      set((s) => ({ sessions: s.sessions.map((x) => (x.id === id ? { ...x, title: title.trim() } : x)) }));
      return true;
    } catch (err) {
      reportError('Could not rename the session', err);
      return false;
    }
  },

  async remove(id, confirm) {
    try {
      deleting.add(id);
      const reply = await unwrap(api().sessionsDelete({ id, ...(confirm ? { confirm } : {}) }));
      if ('status' in reply) return reply.reason;
      get().deleted(id);
      return true;
    } catch (err) {
      reportError('Could not delete the session', err);
      return false;
    } finally {
      deleting.delete(id);
    }
  },

  deleted(id) {
    set((s) => ({ sessions: s.sessions.filter((x) => x.id !== id) }));
    return deleting.has(id);
  },

  async exportSession(id, format) {
    try {
      return await unwrap(api().sessionsExport({ id, format }));
    } catch (err) {
      reportError('Could not export the session', err);
      return undefined;
    }
  },
}));

/** A session's state: main's latest word, else what the list said when it loaded. */
export function sessionState(store: Pick<SessionsStore, 'states'>, session: SessionSummary): SessionRunState {
  return store.states[session.id] ?? session.state ?? (session.running ? 'running' : 'idle');
}
