/**
 * The last sessions' transcripts as `sessions.get` shaped them, kept while the sessions database
 * stays unchanged: switching back to a long session then costs its summary, not reading and
 * shaping its thousands of messages and calls again. Any write, by this process or another,
 * makes every kept transcript stale; so does a change to the tools (a card's icon is its tool's).
 */
import type { ChatMessage as ViewMessage } from '../../src-shared/ipc/chatSchemas';
import type { SessionStore } from '../agent/sessions/store';

/** Transcripts kept: the one shown and the one switched from. */
const KEPT = 2;

interface Kept {
  store: SessionStore;
  id: string;
  stamp: string;
  messages: ViewMessage[];
}

export class TranscriptCache {
  private kept: Kept[] = [];

  /**
   * The session's transcript: kept, when nothing was written since and the tools are those of
   * `toolsGeneration` still, else `build`'s (then kept).
   */
  read(store: SessionStore, id: string, toolsGeneration: number, build: () => ViewMessage[]): ViewMessage[] {
    const stamp = `${store.changeStamp()}:${toolsGeneration}`;
    const hit = this.kept.find((k) => k.store === store && k.id === id && k.stamp === stamp);
    const entry = hit ?? { store, id, stamp, messages: build() };
    // The one opened last goes first; the one opened longest ago goes when there are too many.
    this.kept = [entry, ...this.kept.filter((k) => k.id !== id)].slice(0, KEPT);
    return entry.messages;
  }
}
