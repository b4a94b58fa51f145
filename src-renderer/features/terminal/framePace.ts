/**
 * How many times less terminal output the page asks main to feed it: 1 while frames keep time,
 * doubled while they run long (a slow machine, or a page busy parsing), quadrupled while they take
 * most of the time, halved again once they have kept time for a while. Main shrinks the page's live
 * budget, its mid-run snapshots' scrollback and the spacing of those snapshots by as much, so the
 * page's share of the machine adapts and the command keeps its speed.
 */

/** A frame this long (ms) is time the page took from everything else. */
const LONG_FRAME_MS = 50;
/** Share of the last second spent in long frames that slows the page down. */
const BUSY_SHARE = 0.2;
/** A page this busy is far behind (a slow machine): it slows down four times at once, not two. */
const SWAMPED_SHARE = 0.5;
const WINDOW_MS = 1_000;
/** Least time between two slow-downs, and how long frames must keep time before a speed-up. */
const SLOWER_EVERY_MS = 500;
const FASTER_AFTER_MS = 3_000;
export const MAX_PACE = 32;

export class PaceGovernor {
  pace = 1;
  private readonly long: Array<{ at: number; ms: number }> = [];
  private changedAt = -Infinity;
  private lastLongAt = -Infinity;
  /** Started at a pace learned elsewhere: its time to keep runs from the first output. */
  private seeded = false;

  /**
   * Starts at the pace pages last settled at on this machine (never below the pace it has). It
   * comes down as a pace it took on itself does, after output has arrived on time for a while.
   */
  seed(pace: number): void {
    if (!Number.isFinite(pace) || pace <= this.pace) return;
    this.pace = Math.min(MAX_PACE, pace);
    this.seeded = true;
  }

  /** Output arrived at `now`: a pace that has kept time for a while comes down. */
  output(now: number): void {
    if (this.seeded) {
      this.seeded = false;
      this.changedAt = now;
    }
    this.frame(0, now);
  }

  /** A frame of `ms` ended at `now`. */
  frame(ms: number, now: number): void {
    if (ms >= LONG_FRAME_MS) {
      this.long.push({ at: now, ms });
      this.lastLongAt = now;
    }
    while (this.long.length > 0 && (this.long[0]?.at ?? now) <= now - WINDOW_MS) this.long.shift();
    const busy = this.long.reduce((sum, f) => sum + f.ms, 0) / WINDOW_MS;
    if (busy >= BUSY_SHARE && this.pace < MAX_PACE && now - this.changedAt >= SLOWER_EVERY_MS) {
      this.pace = Math.min(MAX_PACE, this.pace * (busy >= SWAMPED_SHARE ? 4 : 2));
      this.changedAt = now;
    } else if (
      this.pace > 1 &&
      now - this.lastLongAt >= FASTER_AFTER_MS &&
      now - this.changedAt >= FASTER_AFTER_MS
    ) {
      this.pace /= 2;
      this.changedAt = now;
    }
  }
}

/** Entry types that report long frames without the page drawing any frame to time them. */
const LONG_FRAME_TYPES = ['long-animation-frame', 'longtask'];

/**
 * Keeps the page's pace from the long frames the browser reports while terminal output arrives.
 * Nothing is drawn to time frames (a requestAnimationFrame loop would cost a frame every vsync
 * while a flood streams): an observer hears of frames that ran long, and each arrival of output
 * lets the pace come back once they have stopped.
 */
export class FramePace {
  private readonly governor = new PaceGovernor();

  constructor(observe = observeLongFrames) {
    observe((ms, end) => this.governor.frame(ms, end));
  }

  get pace(): number {
    return this.governor.pace;
  }

  /** Output arrived: a page whose frames have kept time for a while speeds up again. */
  busy(now = performance.now()): void {
    this.governor.output(now);
  }

  /** Starts at the pace pages last settled at (see PaceGovernor.seed). */
  seed(pace: number): void {
    this.governor.seed(pace);
  }
}

/** Calls `long` with each long frame's duration and end (the page's clock), where supported. */
function observeLongFrames(long: (ms: number, end: number) => void): void {
  const supported = typeof PerformanceObserver === 'undefined' ? [] : PerformanceObserver.supportedEntryTypes;
  const type = LONG_FRAME_TYPES.find((t) => supported.includes(t));
  if (!type) return;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) long(entry.duration, entry.startTime + entry.duration);
  }).observe({ type, buffered: false });
}
