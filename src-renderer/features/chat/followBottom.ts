/** Pixels from the bottom within which the list keeps following new output. */
const STICK_THRESHOLD = 48;

/** The scrolled list as a scroll event finds it. */
export interface ScrollSample {
  top: number;
  height: number;
  view: number;
}

/**
 * Whether the list follows new output after a scroll from `previousTop`. Reaching the bottom
 * starts it; only a move up, away from the bottom, stops it. A scroll event is read a frame
 * after the list was sent to the bottom, and rows may have grown meanwhile (drawn before the
 * list measured them): a move down that falls short of that new bottom keeps following.
 */
function followsAfterScroll(following: boolean, previousTop: number, now: ScrollSample): boolean {
  if (now.height - now.top - now.view < STICK_THRESHOLD) return true;
  if (now.top < previousTop) return false;
  return following;
}

/**
 * Whether a list follows new output, from every place it has been seen at. It is seen on each
 * scroll event, and again before it is sent to the bottom: the browser reports a scroll with the
 * next frame, and rows measured in between (a re-render) must not pull a reader who has just
 * jumped up back down to the bottom they left.
 */
export class BottomFollower {
  /** scrollTop when the list was last seen or sent to the bottom; unknown until then. */
  private top: number | undefined;

  constructor(private following: boolean) {}

  /** Whether the list follows now. */
  get follows(): boolean {
    return this.following;
  }

  /** Where the list was last seen: where the reader was, even once rows are taken away. */
  get seenTop(): number {
    return this.top ?? 0;
  }

  /** The list as it is now, moved by the reader or not. */
  see(now: ScrollSample): void {
    this.following = followsAfterScroll(this.following, this.top ?? now.top, now);
    this.top = now.top;
  }

  /** Follows from wherever the list is (the reader sent a prompt). */
  start(): void {
    this.following = true;
  }

  /** Stops following (the view was taken somewhere on purpose, a find hit). */
  stop(): void {
    this.following = false;
  }

  /** The list was sent to the bottom, and now stands at `top`. */
  sentTo(top: number): void {
    this.top = top;
  }
}
