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
  error: string | undefined;
  show(): void;
  close(): void;
  setQuery(query: string): void;
  search(sessionId: string, query: string): Promise<void>;
  /** Moves to the next (1) or previous (-1) hit, round the ends, and reveals it. */
  step(direction: 1 | -1): void;
}

/** Counts searches, so only the newest one's hits are kept. */
let generation = 0;

/**
 * The chat's id of the message that shows the hit. A turn sent since the session was opened has
 * live ids, not the stored ones main gives; a tool call's hit is found there by its call id.
 */
function chatMessageId(hit: FindHit): string {
  const { messages, order } = useChat.getState();
  if (messages[hit.messageId] || !hit.toolCallId) return hit.messageId;
  const callId = hit.toolCallId;
  return order.find((id) => messages[id]?.toolCallIds.includes(callId)) ?? hit.messageId;
}

function revealHit(hit: FindHit | undefined): void {
  if (hit)
    useReveal.getState().reveal({
      messageId: chatMessageId(hit),
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

  step(direction) {
    const { hits, index } = get();
    if (hits.length === 0) return;
    const next = (index + direction + hits.length) % hits.length;
    set({ index: next });
    revealHit(hits[next]);
  },
}));

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
