import { create } from 'zustand';
import type { SessionSummary } from '../../../src-shared/ipc/chatSchemas';
import { api, unwrap } from '../../api/client';
import { reportError } from '../../state/noticesStore';

interface SessionsStore {
  sessions: SessionSummary[];
  query: string;
  loading: boolean;
  /** Reloads the list for the current query. */
  refresh(): Promise<void>;
  search(query: string): Promise<void>;
  rename(id: string, title: string): Promise<boolean>;
  remove(id: string): Promise<boolean>;
  /** The session was deleted, here or in another window: true when this window deleted it. */
  deleted(id: string): boolean;
  exportSession(
    id: string,
    format: 'markdown' | 'json',
  ): Promise<{ filename: string; content: string } | undefined>;
}

let generation = 0;
/** Deletions this window asked for and has no reply to yet. */
const deleting = new Set<string>();

export const useSessions = create<SessionsStore>((set, get) => ({
  sessions: [],
  query: '',
  loading: false,

  async refresh() {
    const query = get().query.trim();
    const mine = ++generation;
    set({ loading: true });
    try {
      const sessions = await unwrap(api().sessionsList(query ? { query } : {}));
      // A slower, older search must not overwrite a newer one.
      if (mine === generation) set({ sessions, loading: false });
    } catch (err) {
      if (mine === generation) set({ loading: false });
      reportError('Could not load sessions', err);
    }
  },

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

  async remove(id) {
    try {
      deleting.add(id);
      await unwrap(api().sessionsDelete({ id }));
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
