/**
 * While a flood of terminal output streams into the page, the app's spinners stand still: the
 * terminal shows that work goes on, and a spinning element makes the compositor and the GPU
 * process draw a frame every vsync, time the command would otherwise have. They spin again once
 * the flooding streams have ended or gone quiet.
 */

/** Characters a stream sends within one window that make it a flood. */
const FLOOD_CHARS = 64_000;
const WINDOW_MS = 1_000;
/**
 * A flooding stream that sends nothing for this long, times the page's pace, has gone quiet. A
 * page that lags is sent a snapshot about once a second times its pace, so the spinners do not
 * start between two.
 */
const QUIET_MS = 5_000;

interface Watched {
  windowStart: number;
  chars: number;
  quiet?: ReturnType<typeof setTimeout>;
}

export class FloodMotion {
  private readonly streams = new Map<string, Watched>();
  private readonly floods = new Set<string>();

  /** `still(true)` while any stream floods, `still(false)` once none does. */
  constructor(
    private readonly still: (still: boolean) => void,
    /** How many times less output the page has asked for (FramePace). */
    private readonly pace: () => number = () => 1,
  ) {}

  /** Whether a stream floods the page now. */
  get flooding(): boolean {
    return this.floods.size > 0;
  }

  /** Output of `chars` towards a flood arrived; 0 (a snapshot) only keeps a flood going. */
  received(streamId: string, chars: number, now: number): void {
    if (chars === 0 && !this.floods.has(streamId)) return;
    let watched = this.streams.get(streamId);
    if (!watched || now - watched.windowStart >= WINDOW_MS) {
      watched = { windowStart: now, chars: 0, quiet: watched?.quiet };
      this.streams.set(streamId, watched);
    }
    watched.chars += chars;
    if (watched.chars >= FLOOD_CHARS && !this.floods.has(streamId)) {
      this.floods.add(streamId);
      if (this.floods.size === 1) this.still(true);
    }
    if (!this.floods.has(streamId)) return;
    clearTimeout(watched.quiet);
    watched.quiet = setTimeout(() => this.ended(streamId), QUIET_MS * this.pace());
  }

  /** The stream exited (or went quiet): it floods no more. */
  ended(streamId: string): void {
    clearTimeout(this.streams.get(streamId)?.quiet);
    this.streams.delete(streamId);
    if (this.floods.delete(streamId) && this.floods.size === 0) this.still(false);
  }
}
