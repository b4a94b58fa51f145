/**
 * Output for tabs nobody sees is parsed at a bounded rate, so a flood in a hidden tab leaves the
 * page's time to the tab in front (the user typing). Parsed output is acknowledged as it is
 * written, so a hidden user shell is slowed, never stopped; a tab shown again gets the rest at once.
 * A hidden tab's screen (a snapshot: a reload restoring it) waits whole while the page asks
 * (a flood streams into the tab in front), so it takes none of the command's time.
 */

/** A snapshot replaces the tab's screen; the grid it was taken at, if known. */
export interface ScreenStart {
  size?: { cols: number; rows: number } | undefined;
}

interface Held {
  streamId: string;
  data: string;
  /** Set until the first part of a snapshot is written. */
  start?: ScreenStart | undefined;
  /** Part of a snapshot: held while screens wait. */
  screen: boolean;
}

export interface HiddenPacerOptions {
  /** `start` comes with the first part of a snapshot: the screen is reset before it is parsed. */
  write(key: string, streamId: string, data: string, start?: ScreenStart): void;
  /** Held output that will never be written (its screen was replaced); counts as handled. */
  dropped(streamId: string, chars: number): void;
  /** Characters written per tick for all hidden tabs together. */
  charsPerTick?: number;
  /** True while hidden tabs' snapshots wait (not a part of them is written) until shown or asked again. */
  holdScreens?: () => boolean;
  schedule?: (tick: () => void) => void;
}

const CHARS_PER_TICK = 32_000;
const TICK_MS = 50;

export class HiddenPacer {
  private readonly held = new Map<string, Held[]>();
  private scheduled = false;
  private readonly charsPerTick: number;
  private readonly schedule: (tick: () => void) => void;

  constructor(private readonly options: HiddenPacerOptions) {
    this.charsPerTick = options.charsPerTick ?? CHARS_PER_TICK;
    this.schedule = options.schedule ?? ((tick) => void setTimeout(tick, TICK_MS));
  }

  /**
   * Output for tab `key`; written now if the tab is in view and nothing is held for it. With
   * `start`, a snapshot of its screen: a hidden tab parses it at the same bounded rate, so a
   * reload that restores many tabs leaves the page's time to the one in front.
   */
  push(key: string, streamId: string, data: string, visible: boolean, start?: ScreenStart): void {
    const queue = this.held.get(key);
    if (visible && !queue) return this.options.write(key, streamId, data, start);
    const held = { streamId, data, start, screen: start !== undefined };
    if (queue) queue.push(held);
    else this.held.set(key, [held]);
    this.wake();
  }

  /** The tab came into view: everything held for it is written now. */
  show(key: string): void {
    const queue = this.held.get(key);
    this.held.delete(key);
    for (const { streamId, data, start } of queue ?? []) this.options.write(key, streamId, data, start);
  }

  /** The tab's screen is replaced or the tab closed: what is held for it is not written. */
  drop(key: string): void {
    const queue = this.held.get(key);
    this.held.delete(key);
    for (const { streamId, data } of queue ?? []) this.options.dropped(streamId, data.length);
  }

  private wake(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => this.tick());
  }

  private tick(): void {
    this.scheduled = false;
    let budget = this.charsPerTick;
    const holdScreens = this.options.holdScreens?.() ?? false;
    // A copy: a tab cut short goes back in at the end, and a held one would come round again.
    for (const [key, queue] of [...this.held]) {
      while (budget > 0 && queue.length > 0) {
        const first = queue[0];
        if (!first || (holdScreens && first.screen)) break;
        const part = first.data.length <= budget ? first.data : first.data.slice(0, budget);
        const start = first.start;
        if (part.length === first.data.length) queue.shift();
        else first.data = first.data.slice(part.length);
        first.start = undefined;
        budget -= part.length;
        this.options.write(key, first.streamId, part, start);
      }
      this.held.delete(key);
      // A tab cut short goes last: the next tick starts with the others.
      if (queue.length > 0) this.held.set(key, queue);
      if (budget <= 0) break;
    }
    if (this.held.size > 0) this.wake();
  }
}
