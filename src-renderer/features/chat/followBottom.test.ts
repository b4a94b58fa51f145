import { describe, expect, it } from 'vitest';
import { followsAfterScroll } from './followBottom';

const VIEW = 700;

describe('following new output after a scroll', () => {
  it('starts at the bottom, or within a few lines of it', () => {
    expect(followsAfterScroll(false, 0, { top: 9_300, height: 10_000, view: VIEW })).toBe(true);
    expect(followsAfterScroll(false, 0, { top: 9_260, height: 10_000, view: VIEW })).toBe(true);
  });

  it('stops when the reader moves up, away from the bottom', () => {
    expect(followsAfterScroll(true, 9_300, { top: 9_000, height: 10_000, view: VIEW })).toBe(false);
    // A small move up that stays near the bottom keeps following.
    expect(followsAfterScroll(true, 9_300, { top: 9_280, height: 10_000, view: VIEW })).toBe(true);
  });

  it('keeps following when rows grew between being sent to the bottom and the scroll event', () => {
    // Sent to 9,300 (the bottom then); rows drawn 400 px taller before the list measured them.
    expect(followsAfterScroll(true, 8_000, { top: 9_300, height: 10_400, view: VIEW })).toBe(true);
    // The list corrected nothing yet, and the next event finds the same place: still following.
    expect(followsAfterScroll(true, 9_300, { top: 9_300, height: 10_400, view: VIEW })).toBe(true);
  });

  it('does not start on a move down that stops short of the bottom', () => {
    expect(followsAfterScroll(false, 2_000, { top: 6_000, height: 10_000, view: VIEW })).toBe(false);
  });
});
