/**
 * While a flood of terminal output streams into the page, what moves by itself stands still (the
 * app's spinners, the terminal's fading scrollbar): the terminal shows that work goes on, and
 * anything animated makes the page, the compositor and the GPU process draw frames, time the
 * command would otherwise have. A stream floods when main holds it back from the page, or when
 * much of it arrives. They move again once the flooding streams have ended or gone quiet.
 */

/** Characters a stream sends within one window that make it a flood. */
const FLOOD_CHARS = 64_000;
const WINDOW_MS = 1_000;
/**
 * A flooding stream that sends nothing for this long, times the page's pace, has gone quiet. A
 * page that lags is sent a snapshot about once a second times its pace, and at most four seconds
 * apart on a machine with no cores to spare (main slows every page down there), so the spinners
 * do not start between two.
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
    const watched = this.watch(streamId, now);
    watched.chars += chars;
    if (watched.chars >= FLOOD_CHARS) this.flood(streamId, watched);
    else if (this.floods.has(streamId)) this.rearm(streamId, watched);
  }

  /**
   * Main holds the stream's output back from the page (it comes faster than the page is fed): a
   * flood, however little of it arrived.
   */
  held(streamId: string, now: number): void {
    this.flood(streamId, this.watch(streamId, now));
  }

  private watch(streamId: string, now: number): Watched {
    let watched = this.streams.get(streamId);
    if (!watched || now - watched.windowStart >= WINDOW_MS) {
      watched = { windowStart: now, chars: 0, quiet: watched?.quiet };
      this.streams.set(streamId, watched);
    }
    return watched;
  }

  private flood(streamId: string, watched: Watched): void {
    if (!this.floods.has(streamId)) {
      this.floods.add(streamId);
      if (this.floods.size === 1) this.still(true);
    }
    this.rearm(streamId, watched);
  }

  private rearm(streamId: string, watched: Watched): void {
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
