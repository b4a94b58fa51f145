/**
 * An authoritative copy of what a terminal shows, kept in main so a page that falls behind or
 * reloads can be given the screen as it is now instead of the whole backlog.
 *
 * `HeadlessMirror` parses in the thread it runs in: the mirror worker (`mirrorWorker.ts`), and
 * tests. Main uses it through `WorkerMirror`, behind the same async interface.
 */
import { createRequire } from 'node:module';
import type { ITerminalInitOnlyOptions, ITerminalOptions, Terminal } from '@xterm/headless';
import { ParseQueue, type QueuedBytes } from './parseQueue';
import { RowCache } from './rowCache';
import { serializeTerminal } from './serialize';

// The package is CommonJS; main is bundled as ESM.
const require = createRequire(import.meta.url);
const { Terminal: HeadlessTerminal } = require('@xterm/headless') as {
  Terminal: new (options: ITerminalOptions & ITerminalInitOnlyOptions) => Terminal;
};

export interface MirrorSnapshot {
  /** Escape sequences that rebuild the screen, scrollback, modes and cursor in a reset terminal. */
  data: string;
  cols: number;
  rows: number;
}

export interface TerminalMirror {
  write(data: string): void;
  /** Characters written but not parsed yet. */
  readonly backlog: number;
  /** Calls `then` once the backlog is under `chars` (at once if it is). */
  whenBelow(chars: number, then: () => void): void;
  resize(cols: number, rows: number): void;
  /**
   * The state after everything written before this call, and nothing written after it; with
   * `scrollback`, at most that many lines above the screen (fewer than the mirror keeps).
   */
  snapshot(options?: SnapshotOptions): Promise<MirrorSnapshot>;
  dispose(): void;
}

export interface SnapshotOptions {
  scrollback?: number | undefined;
}

export interface MirrorOptions {
  cols?: number;
  rows?: number;
  /** Lines kept above the screen: bounds memory per mirror. */
  scrollback?: number;
}

/** Half the page's 10,000 lines: a mirror runs for every agent stream, in main. */
export const DEFAULT_MIRROR_SCROLLBACK = 5_000;

export class HeadlessMirror implements TerminalMirror {
  private readonly term: Terminal;
  private readonly queue: ParseQueue;
  private readonly scrollback: number;
  /** Scrollback rows serialized by earlier snapshots. */
  private readonly rowCache = new RowCache();
  private disposed = false;
  /** Snapshots not taken yet: released with an error when the mirror is. */
  private readonly waiting = new Set<(error: Error) => void>();
  private unparsed = 0;
  private readonly below: Array<{ chars: number; then: () => void }> = [];

  constructor(options: MirrorOptions = {}) {
    this.scrollback = options.scrollback ?? DEFAULT_MIRROR_SCROLLBACK;
    this.term = new HeadlessTerminal({
      cols: options.cols ?? 80,
      rows: options.rows ?? 24,
      scrollback: this.scrollback,
      allowProposedApi: true,
    });
    this.queue = new ParseQueue(this.term);
  }

  get cols(): number {
    return this.term.cols;
  }

  get rows(): number {
    return this.term.rows;
  }

  get backlog(): number {
    return this.unparsed;
  }

  write(data: string): void {
    if (this.disposed || data.length === 0) return;
    this.unparsed += data.length;
    this.queue.text(data, () => {
      this.unparsed -= data.length;
      if (this.below.length > 0) this.notify();
    });
  }

  /** UTF-8 output (the worker's input), whole characters; see ParseQueue for when it is done with. */
  writeBytes(chunk: QueuedBytes): void {
    if (this.disposed) return chunk.release();
    this.queue.bytes(chunk);
  }

  whenBelow(chars: number, then: () => void): void {
    if (this.unparsed < chars || this.disposed) then();
    else this.below.push({ chars, then });
  }

  private notify(): void {
    const due = this.below.filter((w) => this.unparsed < w.chars);
    if (due.length === 0) return;
    this.below.splice(0, this.below.length, ...this.below.filter((w) => this.unparsed >= w.chars));
    for (const w of due) w.then();
  }

  /** Applies once what was written before it is parsed: that output was laid out for the old size. */
  resize(cols: number, rows: number): void {
    if (this.disposed) return;
    this.queue.step(() => {
      if (!this.disposed && (cols !== this.term.cols || rows !== this.term.rows))
        this.term.resize(cols, rows);
    });
  }

  snapshot(options: SnapshotOptions = {}): Promise<MirrorSnapshot> {
    const scrollback = Math.min(options.scrollback ?? Infinity, this.scrollback);
    if (this.disposed) return Promise.reject(new Error('the mirror was released'));
    // Steps run in order: this one once everything written before it is parsed.
    return new Promise((resolve, reject) => {
      this.waiting.add(reject);
      this.queue.step(() => {
        this.waiting.delete(reject);
        if (this.disposed) return;
        resolve({
          data: serializeTerminal(this.term, scrollback, this.rowCache),
          cols: this.term.cols,
          rows: this.term.rows,
        });
      });
    });
  }

  /** The parsed terminal, for reading its cells once everything written is parsed (tests). */
  async parsed(): Promise<Terminal> {
    await new Promise<void>((resolve) => this.queue.step(resolve));
    return this.term;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const w of this.below.splice(0)) w.then();
    for (const reject of this.waiting) reject(new Error('the mirror was released'));
    this.waiting.clear();
    this.queue.dispose();
    this.rowCache.dispose();
    this.term.dispose();
  }
}
