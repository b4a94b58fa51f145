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
export function followsAfterScroll(following: boolean, previousTop: number, now: ScrollSample): boolean {
  if (now.height - now.top - now.view < STICK_THRESHOLD) return true;
  if (now.top < previousTop) return false;
  return following;
}
