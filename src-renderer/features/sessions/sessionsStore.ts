import { create } from 'zustand';
import type { SessionRunState, SessionSummary } from '../../../src-shared/ipc/chatSchemas';
import { api, unwrap } from '../../api/client';
import { reportError } from '../../state/noticesStore';
import { defineQuery } from '../../state/query';

interface SessionsStore {
  sessions: SessionSummary[];
  /** Each session's state as main last said (sessions.state), over the list's own. */
  states: Record<string, SessionRunState>;
  /** How many sessions wait for a person (the window title's count). */
  waiting: number;
  query: string;
  /** Reloads the list for the current query. */
  refresh(): Promise<void>;
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

/** A turn that starts or ends changes a session's title, time and place in the list. */
const sessionsQuery = defineQuery({
  key: 'sessions',
  fetch: () => {
    const query = useSessions.getState().query.trim();
    return unwrap(api().sessionsList(query ? { query } : {}));
  },
  received: (sessions) => useSessions.setState({ sessions, states: {} }),
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

export const useSessions = create<SessionsStore>((set, get) => ({
  sessions: [],
  states: {},
  waiting: 0,
  query: '',

  refresh: async () => void (await sessionsQuery.load()),

  async search(query) {
    set({ query });
    await get().refresh();
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
