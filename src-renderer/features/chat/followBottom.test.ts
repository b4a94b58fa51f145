import { describe, expect, it } from 'vitest';
import { BottomFollower } from './followBottom';

const VIEW = 700;

/** A follower that last saw the list at `top`. */
function seenAt(following: boolean, top: number, height = 10_000): BottomFollower {
  const follower = new BottomFollower(following);
  follower.see({ top, height, view: VIEW });
  return follower;
}

describe('following new output after a scroll', () => {
  it('starts at the bottom, or within a few lines of it', () => {
    const reached = seenAt(false, 0);
    reached.see({ top: 9_300, height: 10_000, view: VIEW });
    expect(reached.follows).toBe(true);
    const near = seenAt(false, 0);
    near.see({ top: 9_260, height: 10_000, view: VIEW });
    expect(near.follows).toBe(true);
  });

  it('stops when the reader moves up, away from the bottom', () => {
    const up = seenAt(true, 9_300);
    up.see({ top: 9_000, height: 10_000, view: VIEW });
    expect(up.follows).toBe(false);
    // A small move up that stays near the bottom keeps following.
    const nudged = seenAt(true, 9_300);
    nudged.see({ top: 9_280, height: 10_000, view: VIEW });
    expect(nudged.follows).toBe(true);
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
    const follower = seenAt(false, 2_000);
    follower.see({ top: 6_000, height: 10_000, view: VIEW });
    expect(follower.follows).toBe(false);
  });

  it('stops for a jump up the browser has not reported yet, though rows grew meanwhile', () => {
    const follower = seenAt(true, 9_300);
    // The reader jumps to the top; before the scroll event, rows at the bottom are measured
    // taller and the list is about to follow them: it reads the place first.
    follower.see({ top: 0, height: 10_400, view: VIEW });
    expect(follower.follows).toBe(false);
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
