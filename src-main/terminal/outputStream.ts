/**
 * Live output of one stream (a command, a background process, a user shell) towards the UI,
 * with acknowledgement-based flow control per consumer. A user shell pauses only while every
 * consumer has fallen behind, and never when no consumer is there; a page that (re)connects gets
 * a snapshot of its mirror first. An agent's command is never
 * paused: a consumer that falls behind stops getting live output, and once it has caught up it
 * gets a snapshot of the stream's mirror instead of the backlog.
 */
import { FlowControl } from '../../src-shared/constants';
import { Utf8Splitter } from './handle';
import { LiveBudget, type LiveBudgetOptions } from './liveBudget';
import type { MirrorSnapshot, TerminalMirror } from './mirror/mirror';
import type { PausableSource, StreamTags, TerminalStreamSink, WhenBehind } from './streamEvents';
import {
  LAG_SCROLLBACK,
  MAX_BATCH_CHARS,
  MIRROR_BACKLOG_CHARS,
  MIRROR_RESUME_CHARS,
  RESYNC_SPACING,
  UNSEEN_BATCH_MS,
} from './streamTuning';
import { StreamViewers } from './streamViewers';

/** Stands for the one consumer of a stream made without a list of consumers. */
export const SOLE_CONSUMER = '';

/** Snapshot mode's live budget and snapshot spacing are LiveBudgetOptions. */
export interface OutputStreamOptions extends LiveBudgetOptions {
  /** Without flow control (no consumer acknowledges) the source is never paused. */
  flowControl?: boolean;
  /** Who receives the output and acknowledges it; default: one consumer, SOLE_CONSUMER. */
  consumers?: Iterable<string>;
  /** Default `pause`; `snapshot` needs a mirror that is written everything the stream writes. */
  whenBehind?: WhenBehind;
  mirror?: TerminalMirror;
  batchIntervalMs?: number;
  highWatermarkChars?: number;
  lowWatermarkChars?: number;
  /** Snapshot mode: how far behind a consumer may fall before it is dropped for a snapshot. */
  snapshotWindowChars?: number;
}

/** A consumer in snapshot mode: following live, dropped for lagging, or waiting for its snapshot. */
type Standing = 'live' | 'stale' | { syncing: string };

export class OutputStream {
  private pending = '';
  private timer: NodeJS.Timeout | undefined;
  /** Characters written but not yet acknowledged, per consumer. */
  private readonly behind = new Map<string, number>();
  /** Snapshot mode: where each consumer stands. */
  private readonly standing = new Map<string, Standing>();
  private readonly syncs = new Set<Promise<void>>();
  /** Consumers that closed the stream's tab: output is addressed to the others by name. */
  private readonly detached = new Set<string>();
  private readonly viewers = new StreamViewers();
  private readonly resyncTimers = new Map<string, NodeJS.Timeout>();
  /** When the stream may take its next snapshot. */
  private nextResyncAt = -Infinity;
  private readonly budget: LiveBudget;
  /** Consumers whose screen came from a snapshot with a short scrollback: the end sends them all. */
  private readonly partial = new Set<string>();
  /** The source is held until the mirror has parsed its backlog. */
  private mirrorHeld = false;
  /** Pause mode: every consumer is behind and the source is paused. */
  private paused = false;
  private readonly whenBehind: WhenBehind;
  private readonly mirror: TerminalMirror | undefined;
  private resumedAt = -Infinity;
  private closed = false;
  private splitter: Utf8Splitter | undefined;
  private flowControl: boolean;
  private readonly batchMs: number;
  private readonly high: number;
  private readonly low: number;
  private readonly window: number;

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
    this.window = options.snapshotWindowChars ?? FlowControl.snapshotWindowChars;
    this.whenBehind = options.whenBehind ?? 'pause';
    this.budget = new LiveBudget(options);
    this.mirror = options.mirror;
    if (this.whenBehind === 'snapshot' && !this.mirror) throw new Error('snapshot mode needs a mirror');
    for (const id of options.consumers ?? [SOLE_CONSUMER]) this.addConsumer(id);
  }

  /** How far the consumer closest to live is behind; 0 when there is none. */
  get unacknowledged(): number {
    let least = Infinity;
    for (const chars of this.behind.values()) least = Math.min(least, chars);
    return Number.isFinite(least) ? least : 0;
  }

  /** A consumer that shows the output live has acknowledged it all (one that does not awaits no echo). */
  private liveConsumerCaughtUp(): boolean {
    for (const [id, chars] of this.behind) {
      if (chars > 0 || this.viewers.hides(id)) continue;
      const standing = this.standing.get(id);
      if (standing === undefined || standing === 'live') return true;
    }
    return false;
  }

  get isPaused(): boolean {
    return this.paused;
  }

  /** Consumers that get no live output for now (snapshot mode): too far behind, or being resynced. */
  get lagging(): string[] {
    return [...this.standing].filter(([, s]) => s !== 'live').map(([id]) => id);
  }

  write(data: string): void {
    if (this.closed || data.length === 0) return;
    this.mirror?.write(data);
    if (this.mirror && !this.mirrorHeld && this.mirror.backlog > MIRROR_BACKLOG_CHARS) {
      this.mirrorHeld = true;
      this.source?.pause();
      this.mirror.whenBelow(MIRROR_RESUME_CHARS, () => {
        this.mirrorHeld = false;
        if (!this.paused) this.source?.resume();
      });
    }
    // Nothing sent is waiting on the consumer: batching would only add latency (an echo), so this
    // chunk goes at once. Just after a resume a flood usually goes on: it is batched, not trickled.
    const consumerIdle =
      this.flowControl && this.liveConsumerCaughtUp() && Date.now() - this.resumedAt >= this.batchMs;
    this.pending += data;
    for (const [id, chars] of this.behind) {
      const standing = this.standing.get(id);
      // Snapshot mode counts what each consumer was sent, when it is sent (flush).
      if (typeof standing === 'object') standing.syncing += data;
      else if (standing === undefined) this.behind.set(id, chars + data.length);
    }
    if (
      this.whenBehind === 'pause' &&
      this.flowControl &&
      !this.paused &&
      this.behind.size > 0 &&
      this.unacknowledged > this.high
    ) {
      this.paused = true;
      this.source?.pause();
    }
    // A paused source adds nothing to wait for, so the batch goes now.
    if (consumerIdle || this.paused || this.pending.length >= MAX_BATCH_CHARS) this.flush();
    // Output nobody shows goes in few batches: each costs a page far more than its characters.
    else this.timer ??= setTimeout(() => this.flush(), this.hidden() ? UNSEEN_BATCH_MS : this.batchMs);
  }

  private hidden = (): boolean => this.viewers.noneShows(this.behind.keys());

  /** Whether the consumer (each one, without an id) shows the stream; shown, it gets what is pending. */
  view(shown: boolean, consumer?: string): void {
    this.viewers.set(this.behind.keys(), shown, consumer);
    if (shown) this.flush();
  }

  /** For byte sources: code points split across chunks are joined before they are sent. */
  writeBytes(chunk: Uint8Array): void {
    this.splitter ??= new Utf8Splitter();
    this.write(this.splitter.write(chunk));
  }

  /**
   * A consumer has processed `chars` characters; without an id, every consumer has. Never goes
   * below zero; unknown consumers are ignored. With `pace` (snapshot mode), the consumer asks to be
   * fed that many times less: its live budget shrinks and its resyncs are spaced out by as much,
   * as a page whose frames run long does.
   */
  ack(chars: number, consumer?: string, pace?: number): void {
    if (consumer !== undefined && pace !== undefined && this.behind.has(consumer))
      this.budget.setPace(consumer, pace);
    if (!Number.isFinite(chars) || chars <= 0) return;
    for (const [id, behind] of this.behind) {
      if (consumer !== undefined && consumer !== id) continue;
      this.behind.set(id, Math.max(0, behind - chars));
      if (this.standing.get(id) === 'stale' && behind - chars < this.low) this.resyncSoon(id);
    }
    this.maybeResume();
  }

  /** A consumer starts receiving this stream; it is behind by nothing yet. */
  addConsumer(id: string): void {
    this.detached.delete(id);
    if (!this.behind.has(id)) {
      this.behind.set(id, 0);
      if (this.whenBehind === 'snapshot') this.standing.set(id, 'live');
    }
    this.maybeResume();
  }

  /** A consumer is gone (socket closed, window destroyed, tab closed): it holds nothing back any more. */
  removeConsumer(id: string): void {
    clearTimeout(this.resyncTimers.get(id));
    this.resyncTimers.delete(id);
    this.behind.delete(id);
    this.standing.delete(id);
    this.viewers.forget(id);
    this.budget.forget(id);
    this.partial.delete(id);
    this.maybeResume();
  }

  /** The consumer closed the stream's tab: it is sent nothing more, though still connected. */
  detach(id: string): void {
    this.removeConsumer(id);
    // Output is addressed by name only in snapshot mode (an agent's command).
    if (this.whenBehind === 'snapshot') this.detached.add(id);
  }

  /**
   * Drops whatever the consumer has not been sent and sends it a snapshot of the mirror, then
   * live output again (a page that reloaded, or fell behind). Only with a mirror; in pause mode
   * the consumer then counts its acknowledgements as before.
   */
  resync(id: string): void {
    this.sync(id, false);
  }

  /** `short`: the snapshot of a consumer that lagged, with a short scrollback (see LAG_SCROLLBACK). */
  private sync(id: string, short: boolean): void {
    const mirror = this.mirror;
    if (!mirror || !this.behind.has(id)) return;
    clearTimeout(this.resyncTimers.get(id));
    this.resyncTimers.delete(id);
    this.flush();
    const standing = { syncing: '' };
    this.standing.set(id, standing);
    const started = performance.now();
    this.budget.synced(id, started);
    const scrollback = Math.floor(LAG_SCROLLBACK / this.budget.paceOf(id));
    const done = mirror.snapshot(short ? { scrollback } : {}).then(
      (snapshot) => {
        const now = performance.now();
        this.nextResyncAt = now + (now - started) * RESYNC_SPACING;
        if (this.standing.get(id) === standing) {
          if (short) this.partial.add(id);
          else this.partial.delete(id);
        }
        this.synced(id, standing, snapshot);
        // The stream ended while a short one was taken: the end brings the whole scrollback.
        if (short && this.closed && this.standing.get(id) === 'live') this.resync(id);
      },
      () => {
        // The mirror is gone: no screen, but the consumer still gets what was written meanwhile.
        if (this.standing.get(id) !== standing) return;
        this.rejoin(id);
        if (!standing.syncing) return;
        if (this.whenBehind === 'snapshot') this.sent([id], standing.syncing.length);
        else this.behind.set(id, (this.behind.get(id) ?? 0) + standing.syncing.length);
        this.sink({ ...this.tags, to: [id], type: 'data', data: standing.syncing });
      },
    );
    const tracked = done.then(() => void this.syncs.delete(tracked));
    this.syncs.add(tracked);
  }

  /** A consumer that has caught up: resynced now, or once the last snapshot's spacing is over. */
  private resyncSoon(id: string): void {
    if (this.resyncTimers.has(id)) return;
    const wait = Math.max(this.nextResyncAt, this.budget.nextSyncAt(id)) - performance.now();
    if (wait <= 0) return this.sync(id, !this.closed);
    const timer = setTimeout(() => {
      this.resyncTimers.delete(id);
      if (this.standing.get(id) === 'stale') this.sync(id, !this.closed);
    }, wait);
    this.resyncTimers.set(id, timer);
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
    // Snapshot mode: a consumer this batch would take past its window or budget gets none of it.
    const held = this.dropPast(data.length);
    if (this.lagging.length === 0 && this.detached.size === 0) {
      // Counted before it is sent: a consumer may acknowledge from inside the sink.
      this.sent([...this.standing.keys()], data.length);
      this.sink({ ...this.tags, type: 'data', data });
    } else {
      const to = [...this.behind.keys()].filter((id) => {
        const standing = this.standing.get(id);
        return standing === undefined || standing === 'live';
      });
      this.sent(to, data.length);
      if (to.length > 0) this.sink({ ...this.tags, to, type: 'data', data });
    }
    this.tellHeld(held);
  }

  /** Snapshot mode counts what each consumer was sent, when it is sent. */
  private sent(to: string[], chars: number): void {
    // Pause mode counted it when it was written.
    for (const id of to) if (this.standing.has(id)) this.behind.set(id, (this.behind.get(id) ?? 0) + chars);
  }

  /**
   * Snapshot mode: a consumer that `chars` more would take too far behind, or past its budget,
   * gets nothing more until it has caught up; then a snapshot (the mirror has what it missed).
   * Returns the consumers dropped now.
   */
  private dropPast(chars: number): string[] {
    if (!this.flowControl || this.whenBehind !== 'snapshot') return [];
    const now = performance.now();
    if (this.standing.size > 0) this.budget.sending();
    const dropped: string[] = [];
    for (const [id, standing] of this.standing) {
      if (standing !== 'live') continue;
      const behind = this.behind.get(id) ?? 0;
      if (behind + chars <= this.window && !this.budget.spend(id, chars, now)) continue;
      this.standing.set(id, 'stale');
      dropped.push(id);
      // It has acknowledged what it was sent: no acknowledgement will come to resync it.
      if (behind < this.low) this.resyncSoon(id);
    }
    return dropped;
  }

  /** Tells consumers their live output is held back (a flood), however little of it they were sent. */
  private tellHeld(ids: string[]): void {
    if (ids.length > 0 && !this.closed)
      this.sink({ ...this.tags, to: ids, type: 'data', data: '', held: true });
  }

  /** Sends what is left, brings lagging consumers to the final screen, then the exit. */
  end(exitCode: number | null, signal?: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.splitter) this.write(this.splitter.end());
    this.flush();
    this.closed = true;
    for (const timer of this.resyncTimers.values()) clearTimeout(timer);
    this.resyncTimers.clear();
    for (const [id, standing] of this.standing)
      if (standing === 'stale' || (standing === 'live' && this.partial.has(id))) this.resync(id);
    const exit = () => this.sink({ ...this.tags, type: 'exit', exitCode, ...(signal ? { signal } : {}) });
    // Without a snapshot under way the exit goes at once, right after the last output.
    if (this.syncs.size === 0) return Promise.resolve(exit());
    // A finished snapshot may start another (the whole scrollback): the exit waits for it too.
    return (async () => {
      while (this.syncs.size > 0) await Promise.all(this.syncs);
      exit();
    })();
  }

  private synced(id: string, standing: { syncing: string }, { data, cols, rows }: MirrorSnapshot): void {
    // Removed, or resynced again, while the snapshot was taken.
    if (this.standing.get(id) !== standing) return;
    // Batched output up to now is already in the snapshot or in `syncing`: others get it first.
    this.flush();
    // A flood went on while the snapshot was taken: what it wrote is left for the next snapshot
    // (after the end there is none: the rest goes live, before the exit).
    // Pause mode sends every line: the source is held for acknowledgements instead.
    const flooded =
      this.whenBehind === 'snapshot' &&
      !this.closed &&
      this.flowControl &&
      standing.syncing.length > this.budget.chars;
    if (flooded) this.standing.set(id, 'stale');
    else this.rejoin(id);
    this.behind.set(id, data.length + (flooded ? 0 : standing.syncing.length));
    this.sink({ ...this.tags, to: [id], type: 'data', data, snapshot: true, size: { cols, rows } });
    if (flooded) this.tellHeld([id]);
    else if (standing.syncing) this.sink({ ...this.tags, to: [id], type: 'data', data: standing.syncing });
  }

  /** The consumer follows live output again. */
  private rejoin(id: string): void {
    if (this.whenBehind === 'snapshot') this.standing.set(id, 'live');
    else this.standing.delete(id);
  }

  private maybeResume(): void {
    if (this.paused && this.unacknowledged < this.low) this.resumeSource();
  }

  private resumeSource(): void {
    this.paused = false;
    this.resumedAt = Date.now();
    // Still held until the mirror has caught up.
    if (!this.mirrorHeld) this.source?.resume();
  }
}
