/**
 * Tells main which streams the page shows: one whose tab is in front of an open pane, or an
 * agent's whose card is in the chat in view, while the page itself is visible. Main sends the
 * others in fewer, larger batches: each message costs the page about a millisecond however little
 * it carries, so a background session printing a line every 10 ms took 15% of a core.
 */
import type { TerminalTab } from './terminalTabs';

export interface PageView {
  /** The page is visible (not a hidden browser tab or a minimized window). */
  visible: boolean;
  /** The session the chat shows. */
  sessionId: string | undefined;
  /** The tab's terminal is on the page (in front, in an open pane). */
  attached(key: string): boolean;
}

/** Each live stream of `tabs`, with whether the page shows it. */
export function streamsShown(tabs: readonly TerminalTab[], view: PageView): [string, boolean][] {
  return tabs.flatMap((tab) => {
    const card = tab.kind === 'agent' && tab.taskId !== undefined && tab.taskId === view.sessionId;
    const shown = view.visible && (card || view.attached(tab.key));
    return tab.liveStreamIds.map((streamId): [string, boolean] => [streamId, shown]);
  });
}

/** Says only what changed; main takes a stream as shown until told otherwise. */
export class StreamViews {
  private readonly told = new Map<string, boolean>();

  constructor(private readonly tell: (streamId: string, shown: boolean) => void) {}

  update(streams: Iterable<[string, boolean]>): void {
    for (const [streamId, shown] of streams) {
      if ((this.told.get(streamId) ?? true) === shown) continue;
      this.told.set(streamId, shown);
      this.tell(streamId, shown);
    }
  }

  /** The stream ended, or the connection to main was made again (which takes every stream as shown). */
  forget(streamId?: string): void {
    if (streamId === undefined) this.told.clear();
    else this.told.delete(streamId);
  }
}
