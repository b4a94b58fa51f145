/**
 * Snapshot mode's share of a consumer: how many characters it is sent live per window, however
 * fast it acknowledges, and how often it may be sent a snapshot. A page that keeps up with a
 * flood would spend the CPU the command needs on painting; past its budget it is dropped and
 * later gets a snapshot instead. A consumer that asks for a slower pace gets that many times less.
 */

/** Live characters a consumer is sent per window. */
const LIVE_BUDGET_CHARS = 64_000;
const LIVE_BUDGET_MS = 250;
/** A consumer dropped for lagging gets at most one snapshot this often. */
const RESYNC_MIN_MS = 1_000;
/** The most a consumer may slow its own share down by (see `setPace`). */
const MAX_PACE = 32;

export interface LiveBudgetOptions {
  /** Live characters a consumer is sent per `liveBudgetMs` before it is dropped. */
  liveBudgetChars?: number;
  liveBudgetMs?: number;
  /** Least time between two snapshots sent to a consumer that lags. */
  resyncMinMs?: number;
  /**
   * How many times less every consumer is fed because the machine has no cores to spare
   * (MachineHeadroom); a consumer's own pace counts where it asks for less.
   */
  machinePace?: () => number;
}

export class LiveBudget {
  /** Characters a consumer may be sent per window. */
  readonly chars: number;
  private readonly windowMs: number;
  private readonly resyncMinMs: number;
  private readonly machinePace: () => number;
  /** When each consumer's current window began, and what it was sent in it. */
  private readonly windows = new Map<string, { since: number; chars: number }>();
  /** How many times slower than the default each consumer asked to be fed (1 unless it said so). */
  private readonly paces = new Map<string, number>();
  /** When each consumer was last sent a snapshot. */
  private readonly syncedAt = new Map<string, number>();

  constructor(options: LiveBudgetOptions = {}) {
    this.chars = options.liveBudgetChars ?? LIVE_BUDGET_CHARS;
    this.windowMs = options.liveBudgetMs ?? LIVE_BUDGET_MS;
    this.resyncMinMs = options.resyncMinMs ?? RESYNC_MIN_MS;
    this.machinePace = options.machinePace ?? (() => 1);
  }

  /** The consumer asks to be fed `pace` times less: its budget is divided by as much. */
  setPace(id: string, pace: number): void {
    if (Number.isFinite(pace)) this.paces.set(id, Math.min(MAX_PACE, Math.max(1, pace)));
  }

  /** Counts `chars` sent to `id` at `now` (times its pace); true when that takes it past its budget. */
  spend(id: string, chars: number, now: number): boolean {
    let window = this.windows.get(id);
    if (!window || now - window.since >= this.windowMs) {
      window = { since: now, chars: 0 };
      this.windows.set(id, window);
    }
    window.chars += chars * this.paceOf(id);
    return window.chars > this.chars;
  }

  /** A snapshot for `id` was started at `now`. */
  synced(id: string, now: number): void {
    this.syncedAt.set(id, now);
  }

  /** The earliest time `id` may get its next snapshot (spaced out by its pace). */
  nextSyncAt(id: string): number {
    return (this.syncedAt.get(id) ?? -Infinity) + this.resyncMinMs * this.paceOf(id);
  }

  /**
   * Output is being sent: the machine's pace keeps up with it, though every consumer lags and
   * none is counted.
   */
  sending(): void {
    this.machinePace();
  }

  /** How many times less than the default `id` is fed: as it asked, or as the machine allows. */
  paceOf(id: string): number {
    return Math.max(this.paces.get(id) ?? 1, this.machinePace());
  }

  forget(id: string): void {
    this.windows.delete(id);
    this.paces.delete(id);
    this.syncedAt.delete(id);
  }
}
