/**
 * Live output of one stream (a command, a background process, a user shell) towards the UI,
 * with acknowledgement-based flow control per consumer: the source pauses only while every
 * consumer has fallen behind, and never when no consumer is there.
 */
import { FlowControl } from '../../src-shared/constants';
import { Utf8Splitter } from './handle';

export interface StreamTags {
  taskId: string;
  toolCallId: string;
  streamId: string;
}

export type TerminalStreamEvent = StreamTags &
  ({ type: 'data'; data: string } | { type: 'exit'; exitCode: number | null; signal?: string });

export type TerminalStreamSink = (event: TerminalStreamEvent) => void;

export interface PausableSource {
  pause(): void;
  resume(): void;
}

/**
 * A batch is sent at once when it reaches this size instead of waiting for the timer. Each message
 * costs the consumer far more than its characters, so batches are as large as flow control allows.
 */
const MAX_BATCH_CHARS = FlowControl.highWatermarkChars;

/** What a stream does while every consumer is behind: hold its source, or leave output out. */
export type WhenBehind = 'pause' | 'skip';

/** Stands for the one consumer of a stream made without a list of consumers. */
export const SOLE_CONSUMER = '';

export interface OutputStreamOptions {
  /** Without flow control (no consumer acknowledges) the source is never paused. */
  flowControl?: boolean;
  /** Who receives the output and acknowledges it; default: one consumer, SOLE_CONSUMER. */
  consumers?: Iterable<string>;
  /**
   * `skip` never holds the source back: output beyond the high watermark is left out, and once
   * a consumer catches up it gets a marker and the latest lines (an agent's command). Default `pause`.
   */
  whenBehind?: WhenBehind;
  batchIntervalMs?: number;
  highWatermarkChars?: number;
  lowWatermarkChars?: number;
}

export class OutputStream {
  private pending = '';
  private timer: NodeJS.Timeout | undefined;
  /** Characters written but not yet acknowledged, per consumer. */
  private readonly behind = new Map<string, number>();
  /** Every consumer is behind: the source is paused, or output is being left out. */
  private paused = false;
  /** While skipping: how much was left out, and its latest part. */
  private skippedChars = 0;
  private skippedTail = '';
  private readonly whenBehind: WhenBehind;
  private resumedAt = -Infinity;
  private closed = false;
  private splitter: Utf8Splitter | undefined;
  private flowControl: boolean;
  private readonly batchMs: number;
  private readonly high: number;
  private readonly low: number;

  constructor(
    readonly tags: StreamTags,
    private readonly sink: TerminalStreamSink,
    private readonly source: PausableSource | undefined,
    options: OutputStreamOptions = {},
  ) {
    this.flowControl = options.flowControl ?? true;
    this.batchMs = options.batchIntervalMs ?? FlowControl.batchIntervalMs;
    this.high = options.highWatermarkChars ?? FlowControl.highWatermarkChars;
    this.low = options.lowWatermarkChars ?? FlowControl.lowWatermarkChars;
    this.whenBehind = options.whenBehind ?? 'pause';
    for (const id of options.consumers ?? [SOLE_CONSUMER]) this.behind.set(id, 0);
  }

  /** How far the consumer closest to live is behind; 0 when there is none. */
  get unacknowledged(): number {
    let least = Infinity;
    for (const chars of this.behind.values()) least = Math.min(least, chars);
    return Number.isFinite(least) ? least : 0;
  }

  get isPaused(): boolean {
    return this.paused && this.whenBehind === 'pause';
  }

  get isSkipping(): boolean {
    return this.paused && this.whenBehind === 'skip';
  }

  write(data: string): void {
    if (this.closed || data.length === 0) return;
    if (this.isSkipping) {
      this.skippedChars += data.length;
      this.skippedTail = (this.skippedTail + data).slice(-this.low);
      return;
    }
    // Nothing sent is waiting on the consumer: batching would only add latency (an echo), so this
    // chunk goes at once. Just after a resume a flood usually goes on: it is batched, not trickled.
    const consumerIdle =
      this.flowControl &&
      this.behind.size > 0 &&
      this.unacknowledged === 0 &&
      Date.now() - this.resumedAt >= this.batchMs;
    this.pending += data;
    for (const [id, chars] of this.behind) this.behind.set(id, chars + data.length);
    if (this.flowControl && !this.paused && this.behind.size > 0 && this.unacknowledged > this.high) {
      this.paused = true;
      if (this.whenBehind === 'pause') this.source?.pause();
    }
    // A paused source adds nothing to wait for, so the batch goes now.
    if (consumerIdle || this.paused || this.pending.length >= MAX_BATCH_CHARS) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.batchMs);
  }

  /** For byte sources: code points split across chunks are joined before they are sent. */
  writeBytes(chunk: Uint8Array): void {
    this.splitter ??= new Utf8Splitter();
    this.write(this.splitter.write(chunk));
  }

  /**
   * A consumer has processed `chars` characters; without an id, every consumer has. Never goes
   * below zero; unknown consumers are ignored.
   */
  ack(chars: number, consumer?: string): void {
    if (!Number.isFinite(chars) || chars <= 0) return;
    for (const [id, behind] of this.behind)
      if (consumer === undefined || consumer === id) this.behind.set(id, Math.max(0, behind - chars));
    this.maybeResume();
  }

  /** A consumer starts receiving this stream; it is behind by nothing yet. */
  addConsumer(id: string): void {
    if (!this.behind.has(id)) this.behind.set(id, 0);
    this.maybeResume();
  }

  /** A consumer is gone (socket closed, window destroyed): it holds nothing back any more. */
  removeConsumer(id: string): void {
    this.behind.delete(id);
    this.maybeResume();
  }

  /** Turns flow control off when no consumer will acknowledge any more (pane closed). */
  setFlowControl(enabled: boolean): void {
    this.flowControl = enabled;
    if (!enabled && this.paused) this.resumeSource();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const data = this.pending;
    this.pending = '';
    this.sink({ ...this.tags, type: 'data', data });
  }

  end(exitCode: number | null, signal?: string): void {
    if (this.closed) return;
    if (this.splitter) this.write(this.splitter.end());
    if (this.isSkipping) this.resumeSource();
    this.flush();
    this.closed = true;
    this.sink({ ...this.tags, type: 'exit', exitCode, ...(signal ? { signal } : {}) });
  }

  private maybeResume(): void {
    if (this.paused && this.unacknowledged < this.low) this.resumeSource();
  }

  private resumeSource(): void {
    this.paused = false;
    this.resumedAt = Date.now();
    if (this.whenBehind === 'pause') this.source?.resume();
    else this.sendSkipped();
  }

  /** A marker for what was left out, then the latest lines, from the start of a line. */
  private sendSkipped(): void {
    if (this.skippedChars === 0) return;
    const cut = this.skippedChars > this.skippedTail.length ? this.skippedTail.indexOf('\n') + 1 : 0;
    const tail = this.skippedTail.slice(cut);
    const left = this.skippedChars - tail.length;
    this.skippedChars = 0;
    this.skippedTail = '';
    const marker =
      left > 0 ? `\r\n\x1b[2m[… ${left.toLocaleString('en')} characters not shown …]\x1b[0m\r\n` : '';
    this.write(marker + tail);
  }
}
