import { describe, expect, it } from 'vitest';
import { BottomFollower } from './followBottom';

const VIEW = 700;

/** A follower that last saw the list at `top`. */
function seenAt(following: boolean, top: number, height = 10_000): BottomFollower {
  const follower = new BottomFollower(following);
  follower.see({ top, height, view: VIEW });
  return follower;
}

/** Whether a follower that saw the list at `from` follows once it sees it at `top`. */
function followsAfter(following: boolean, from: number, top: number, height = 10_000): boolean {
  const follower = seenAt(following, from);
  follower.see({ top, height, view: VIEW });
  return follower.follows;
}

describe('following new output after a scroll', () => {
  it('starts at the bottom, or within a few lines of it', () => {
    expect(followsAfter(false, 0, 9_300)).toBe(true);
    expect(followsAfter(false, 0, 9_260)).toBe(true);
  });

  it('stops when the reader moves up, away from the bottom', () => {
    expect(followsAfter(true, 9_300, 9_000)).toBe(false);
    // A small move up that stays near the bottom keeps following.
    expect(followsAfter(true, 9_300, 9_280)).toBe(true);
  });

  it('keeps following when rows grew between being sent to the bottom and the scroll event', () => {
    const follower = seenAt(true, 7_000);
    // Sent to 9,300 (the bottom then); rows drawn 400 px taller before the list measured them.
    follower.sentTo(9_300);
    follower.see({ top: 9_300, height: 10_400, view: VIEW });
    expect(follower.follows).toBe(true);
    // The list corrected nothing yet, and the next event finds the same place: still following.
    follower.see({ top: 9_300, height: 10_400, view: VIEW });
    expect(follower.follows).toBe(true);
  });

  it('does not start on a move down that stops short of the bottom', () => {
    expect(followsAfter(false, 2_000, 6_000)).toBe(false);
  });

  it('stops for a jump up the browser has not reported yet, though rows grew meanwhile', () => {
    // The reader jumps to the top; before the scroll event, rows at the bottom are measured
    // taller and the list is about to follow them: it reads the place first.
    expect(followsAfter(true, 9_300, 0, 10_400)).toBe(false);
  });

  it('sees nothing move the first time it looks', () => {
    const follower = new BottomFollower(true);
    follower.see({ top: 0, height: 10_000, view: VIEW });
    expect(follower.follows).toBe(true);
  });

  it('follows again once told to, and stops when told to', () => {
    const follower = seenAt(true, 2_000);
    follower.see({ top: 1_000, height: 10_000, view: VIEW });
    expect(follower.follows).toBe(false);
    follower.start();
    expect(follower.follows).toBe(true);
    follower.stop();
    expect(follower.follows).toBe(false);
  });
});
