import { create } from 'zustand';
import type { FindHit } from '../../../src-shared/ipc/findSchemas';
import { api, errorMessage, unwrap } from '../../api/client';
import { useChat } from './chatStore';
import { useReveal } from './revealStore';

/** Find-in-session: the bar's query, the hits main found in the whole session, the current one. */
interface FindStore {
  open: boolean;
  query: string;
  /** The session and query the hits are for. */
  searched: { sessionId: string; query: string } | undefined;
  hits: FindHit[];
  truncated: boolean;
  /** The current hit, -1 for none. */
  index: number;
  /** The current hit was brought into view (a refresh may pick one without moving the view). */
  revealed: boolean;
  error: string | undefined;
  show(): void;
  close(): void;
  setQuery(query: string): void;
  search(sessionId: string, query: string): Promise<void>;
  /**
   * Searches the same query again because the session grew (a turn runs): the list and count
   * follow, the current hit stays current while it is found, and the view does not move.
   */
  refresh(sessionId: string): Promise<void>;
  /** Moves to the next (1) or previous (-1) hit, round the ends, and reveals it. */
  step(direction: 1 | -1): void;
}

/** Counts searches, so only the newest one's hits are kept. */
let generation = 0;

/**
 * The chat's id of the message that shows the hit. A turn sent since the session was opened has
 * live ids, not the stored ones main gives: main tells each live message its stored id once it is
 * stored, and a tool call's hit is also found by its call id.
 */
export function shownMessageId(hit: FindHit): string {
  const { messages, order, storedIds } = useChat.getState();
  if (messages[hit.messageId]) return hit.messageId;
  const live = storedIds[hit.messageId];
  if (live && messages[live]) return live;
  const callId = hit.toolCallId;
  if (!callId) return hit.messageId;
  return order.find((id) => messages[id]?.toolCallIds.includes(callId)) ?? hit.messageId;
}

function revealHit(hit: FindHit | undefined): void {
  if (hit)
    useReveal.getState().reveal({
      messageId: shownMessageId(hit),
      ...(hit.toolCallId ? { toolCallId: hit.toolCallId } : {}),
    });
}

export const useFind = create<FindStore>((set, get) => ({
  open: false,
  query: '',
  searched: undefined,
  hits: [],
  truncated: false,
  index: -1,
  revealed: false,
  error: undefined,
  show: () => set({ open: true }),
  close: () => {
    generation++;
    set({ open: false, searched: undefined, hits: [], truncated: false, index: -1, error: undefined });
  },
  setQuery: (query) => set({ query }),

  async search(sessionId, query) {
    const mine = ++generation;
    if (!query) {
      set({ searched: undefined, hits: [], truncated: false, index: -1, error: undefined });
      return;
    }
    try {
      const found = await unwrap(api().sessionsFind({ id: sessionId, query }));
      if (mine !== generation) return;
      set({
        searched: { sessionId, query },
        hits: found.hits,
        truncated: found.truncated,
        index: found.hits.length ? 0 : -1,
        revealed: found.hits.length > 0,
        error: undefined,
      });
      revealHit(found.hits[0]);
    } catch (err) {
      if (mine === generation)
        set({
          searched: { sessionId, query },
          hits: [],
          truncated: false,
          index: -1,
          error: errorMessage(err),
        });
    }
  },

  async refresh(sessionId) {
    const { open, searched, query } = get();
    // A query typed since is searched anew by the bar; nothing to refresh for it.
    if (!open || searched?.sessionId !== sessionId || searched.query !== query) return;
    const mine = ++generation;
    try {
      const found = await unwrap(api().sessionsFind({ id: sessionId, query }));
      if (mine !== generation) return;
      const { hits, index, revealed } = get();
      const current = hits[index];
      const kept = current ? found.hits.findIndex((h) => sameHit(h, current)) : -1;
      const next = kept >= 0 ? kept : Math.min(Math.max(index, 0), found.hits.length - 1);
      set({
        hits: found.hits,
        truncated: found.truncated,
        index: next,
        revealed: kept >= 0 && revealed,
        error: undefined,
      });
    } catch {
      // The hits shown stay; the session's next change searches again.
    }
  },

  step(direction) {
    const { hits, index, revealed } = get();
    if (hits.length === 0) return;
    // A current hit not yet shown (picked by a refresh) is shown first.
    const next =
      revealed && index >= 0 ? (index + direction + hits.length) % hits.length : Math.max(index, 0);
    set({ index: next, revealed: true });
    revealHit(hits[next]);
  },
}));

function sameHit(a: FindHit, b: FindHit): boolean {
  return (
    a.messageId === b.messageId &&
    a.toolCallId === b.toolCallId &&
    a.field === b.field &&
    a.offset === b.offset
  );
}

/** The current hit while the bar is open. */
export function currentHit(state: Pick<FindStore, 'open' | 'hits' | 'index'>): FindHit | undefined {
  return state.open ? state.hits[state.index] : undefined;
}

/** Which occurrence the current hit is among the hits in the same text (0 for the first). */
export function occurrenceInField(hits: readonly FindHit[], index: number): number {
  const hit = hits[index];
  if (!hit) return 0;
  let n = 0;
  for (let i = 0; i < index; i++) {
    const h = hits[i];
    if (h && h.messageId === hit.messageId && h.toolCallId === hit.toolCallId && h.field === hit.field) n++;
  }
  return n;
}
