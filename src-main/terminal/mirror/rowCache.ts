/**
 * Serialized scrollback rows kept between snapshots. A row above the screen never changes while
 * it stays there: the cursor cannot reach it, and it only leaves by being trimmed off the top
 * (xterm then reuses its line for a new row at the bottom) or by a resize's reflow. So an entry
 * holds while its line sits at the same absolute row (rows trimmed so far + its index) and the
 * serializer enters the row in the same state; a resize or a new buffer (a reset) drops them all.
 */
import type { IBuffer, IDisposable, Terminal } from '@xterm/headless';

/** What the row's text depends on besides its cells: the style the output is in, and the erase colour. */
export interface RowState {
  styleFg: number;
  styleBg: number;
  backgroundFg: number;
  backgroundBg: number;
  /** Whether the row ends by taking the output's style as the erase colour (from the screen's height on). */
  resets: boolean;
}

export interface RowEntry extends RowState {
  absolute: number;
  /** The row's text and the separator after it. */
  text: string;
  /** The column whose cell the output's style came from, when the row changed it (else -1). */
  styleCol: number;
  /** Where the output's cursor is after the row, relative to it. */
  cursorDown: number;
  cursorCol: number;
}

/**
 * The rows above the screen as one text, with the serializer's state after them: the next snapshot
 * of an unchanged terminal (nothing trimmed, same rows) reuses it whole.
 */
export interface SettledRun {
  trimmed: number;
  start: number;
  end: number;
  text: string;
  state: {
    styleChanges: number;
    styleRow: number;
    styleCol: number;
    backgroundRow: number;
    backgroundCol: number;
    cursorRow: number;
    cursorCol: number;
    contentRow: number;
    contentCol: number;
  };
}

interface Lines {
  onTrim(listener: (amount: number) => void): IDisposable;
  /** xterm's own line at a row: the key that survives between snapshots. */
  get(index: number): object | undefined;
}

const linesOf = (buffer: IBuffer): Lines | undefined =>
  (buffer as unknown as { _buffer?: { lines?: Lines } })._buffer?.lines;

export class RowCache {
  private term: Terminal | undefined;
  private resized: IDisposable | undefined;
  private lines: Lines | undefined;
  private subscription: IDisposable | undefined;
  private trimmed = 0;
  private entries = new WeakMap<object, RowEntry>();
  private settled: SettledRun | undefined;

  /** Ready for a snapshot of `term`'s `buffer`: false when its lines cannot be followed (nothing is cached). */
  attach(term: Terminal, buffer: IBuffer): boolean {
    if (term !== this.term) {
      this.dispose();
      this.term = term;
      // A resize reflows rows, and one that grows the screen brings rows back into reach.
      this.resized = term.onResize(() => this.clear());
    }
    const lines = linesOf(buffer);
    if (!lines || typeof lines.onTrim !== 'function' || typeof lines.get !== 'function') return false;
    if (lines !== this.lines) {
      this.clear();
      this.subscription?.dispose();
      this.lines = lines;
      this.subscription = lines.onTrim((amount) => (this.trimmed += amount));
    }
    return true;
  }

  absolute(y: number): number {
    return this.trimmed + y;
  }

  get(y: number, state: RowState): RowEntry | undefined {
    const key = this.lines?.get(y);
    const entry = key && this.entries.get(key);
    if (
      !entry ||
      entry.absolute !== this.trimmed + y ||
      entry.styleFg !== state.styleFg ||
      entry.styleBg !== state.styleBg ||
      entry.backgroundFg !== state.backgroundFg ||
      entry.backgroundBg !== state.backgroundBg ||
      entry.resets !== state.resets
    )
      return undefined;
    return entry;
  }

  set(y: number, entry: RowEntry): void {
    const key = this.lines?.get(y);
    if (key) this.entries.set(key, entry);
  }

  /** The run of rows `start` to `end` (exclusive) written by an earlier snapshot, if they are the same rows. */
  run(start: number, end: number): SettledRun | undefined {
    const run = this.settled;
    return run && run.trimmed === this.trimmed && run.start === start && run.end === end ? run : undefined;
  }

  keepRun(run: Omit<SettledRun, 'trimmed'>): void {
    this.settled = { ...run, trimmed: this.trimmed };
  }

  clear(): void {
    this.settled = undefined;
    this.entries = new WeakMap();
  }

  dispose(): void {
    this.resized?.dispose();
    this.resized = undefined;
    this.term = undefined;
    this.subscription?.dispose();
    this.subscription = undefined;
    this.lines = undefined;
    this.clear();
  }
}
