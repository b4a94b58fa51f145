/**
 * Mirrors by screen: every agent stream of one task writes into the same tab, so they share a
 * mirror. A mirror lives while one of its streams does; when the last ends, an agent's final
 * screen is kept (bounded) for pages that come later, and the mirror is released. Other screens
 * (a user shell's) are released with nothing kept.
 */
import type { Worker } from 'node:worker_threads';
import type { Logger } from '../../runtime/types';
import type { MirrorOptions, TerminalMirror } from './mirror';
import type { ScreenStore, StoredScreen } from './screenStore';
import { MirrorWorker } from './workerMirror';

export type FinishedScreen = StoredScreen;

/** Screens of an agent's task are `task:<taskId>`; only those outlive the process. */
const TASK_SCREEN = 'task:';

interface Held {
  mirror: TerminalMirror;
  streams: Set<string>;
  last: { streamId: string; toolCallId: string };
}

export interface MirrorHubOptions extends MirrorOptions {
  /** Default: in a worker thread the hub starts with its first mirror and ends on dispose. */
  create?: (options: MirrorOptions) => TerminalMirror;
  /** Final screens kept; the oldest go first. */
  maxFinished?: number;
  /** Characters kept of one final screen (its latest part). */
  maxFinishedChars?: number;
  /** Keeps final screens across restarts; read when the hub is first used. */
  store?: ScreenStore;
  /** Told when the worker dies. */
  logger?: Logger;
}

export class MirrorHub {
  private readonly live = new Map<string, Held>();
  private readonly finished = new Map<string, FinishedScreen>();
  private readonly releasing = new Set<Promise<void>>();
  private readonly create: (options: MirrorOptions) => TerminalMirror;
  private readonly maxFinished: number;
  private readonly maxFinishedChars: number;
  private worker: MirrorWorker | undefined;
  private loaded = false;

  constructor(private readonly options: MirrorHubOptions = {}) {
    this.create = options.create ?? ((o) => (this.worker ??= this.startWorker()).create(o));
    this.maxFinished = options.maxFinished ?? 200;
    this.maxFinishedChars = options.maxFinishedChars ?? 2_000_000;
  }

  /** The mirror of `screen` for a new stream; a finished screen of it is carried over. */
  acquire(screen: string, streamId: string, toolCallId: string): TerminalMirror {
    this.load();
    let held = this.live.get(screen);
    if (!held) {
      const mirror = this.create(this.options);
      const before = this.finished.get(screen);
      if (before) {
        mirror.resize(before.cols, before.rows);
        mirror.write(before.data);
        this.finished.delete(screen);
      }
      held = { mirror, streams: new Set(), last: { streamId, toolCallId } };
      this.live.set(screen, held);
    }
    held.streams.add(streamId);
    held.last = { streamId, toolCallId };
    return held.mirror;
  }

  /** A stream of `screen` ended; the last one stores the final screen and releases the mirror. */
  release(screen: string, streamId: string, exitCode: number | null = null): Promise<void> {
    const releasing = this.store(screen, streamId, exitCode).finally(() => this.releasing.delete(releasing));
    this.releasing.add(releasing);
    return releasing;
  }

  /** Resolves once every final screen being stored is stored. */
  async settled(): Promise<void> {
    await Promise.all(this.releasing);
  }

  private async store(screen: string, streamId: string, exitCode: number | null): Promise<void> {
    const held = this.live.get(screen);
    if (!held?.streams.delete(streamId) || held.streams.size > 0) return;
    if (!screen.startsWith(TASK_SCREEN)) {
      this.live.delete(screen);
      held.mirror.dispose();
      return;
    }
    const snapshot = await held.mirror.snapshot().catch(() => undefined);
    // Released meanwhile (shutdown), or its worker died: nothing to keep.
    if (!snapshot) {
      if (held.streams.size > 0 || this.live.get(screen) !== held) return;
      this.live.delete(screen);
      held.mirror.dispose();
      return;
    }
    // A new stream may have joined while the snapshot was taken: it keeps the mirror.
    if (held.streams.size > 0) return;
    this.live.delete(screen);
    held.mirror.dispose();
    this.finished.delete(screen);
    const data = capFromLineStart(snapshot.data, this.maxFinishedChars);
    const final = { ...snapshot, ...held.last, exitCode, data };
    this.finished.set(screen, final);
    this.save(screen, final);
    this.trim();
  }

  private trim(): void {
    while (this.finished.size > this.maxFinished) {
      const oldest = this.finished.keys().next().value;
      if (oldest === undefined) break;
      this.finished.delete(oldest);
    }
  }

  /** Final screens kept by an earlier process, below any this one has (read once). */
  private load(): void {
    if (this.loaded || !this.options.store) return;
    this.loaded = true;
    let stored: Array<[string, StoredScreen]>;
    try {
      stored = this.options.store.load();
    } catch {
      // The database cannot be read: screens of this process are still kept in memory.
      return;
    }
    const newer = [...this.finished];
    this.finished.clear();
    for (const [taskId, screen] of stored) {
      const key = TASK_SCREEN + taskId;
      if (!this.live.has(key)) this.finished.set(key, screen);
    }
    for (const [key, screen] of newer) this.finished.set(key, screen);
    this.trim();
  }

  private save(screen: string, final: StoredScreen): void {
    if (!this.options.store || !screen.startsWith(TASK_SCREEN)) return;
    try {
      this.options.store.save(screen.slice(TASK_SCREEN.length), final);
    } catch {
      // Not kept past this process; it is still shown until then.
    }
  }

  /** Drops the final screen of a task that is gone (its database row goes with its session). */
  forget(screen: string): void {
    this.finished.delete(screen);
  }

  /** Screens with no live stream, for a page that (re)connects. */
  finishedScreens(): Array<[screen: string, FinishedScreen]> {
    this.load();
    return [...this.finished];
  }

  /** The live mirror of `screen`, if one of its streams runs. */
  acquired(screen: string): TerminalMirror | undefined {
    return this.live.get(screen)?.mirror;
  }

  private startWorker(): MirrorWorker {
    const logger = this.options.logger;
    return new MirrorWorker({
      onStopped: (reason) =>
        logger?.error(`The terminal mirror worker stopped (${reason}); new terminals get a new one`),
    });
  }

  /** @internal The worker thread while it runs, for tests that end it. */
  workerThread(): Worker | undefined {
    return this.worker?.thread;
  }

  /** Bytes of the mirrors' worker heap in use, for benchmarks. */
  workerHeapUsed(): Promise<number> {
    return this.worker?.heapUsed() ?? Promise.resolve(0);
  }

  get liveCount(): number {
    return this.live.size;
  }

  dispose(): void {
    for (const held of this.live.values()) held.mirror.dispose();
    this.live.clear();
    this.worker?.dispose();
    this.worker = undefined;
  }
}

function capFromLineStart(data: string, max: number): string {
  if (data.length <= max) return data;
  const tail = data.slice(-max);
  return tail.slice(tail.indexOf('\n') + 1);
}
