import { describe, expect, it } from 'vitest';
import { jumpAwareRange } from './jumpOverscan';

const HEIGHT = 700;
const range = (startIndex: number, endIndex: number) => ({ startIndex, endIndex, overscan: 2, count: 100 });

/** A list whose view the test moves by hand. */
function list() {
  let offset = 0;
  const rows = jumpAwareRange(() => ({ offset, height: HEIGHT }));
  return {
    rows,
    at(to: number, start: number, end: number) {
      offset = to;
      return rows.extract(range(start, end));
    },
  };
}

describe('jumpAwareRange', () => {
  it('draws the overscan around the view while it moves a little', () => {
    const l = list();
    expect(l.at(0, 10, 11)).toEqual([8, 9, 10, 11, 12, 13]);
    expect(l.at(300, 11, 12)).toEqual([9, 10, 11, 12, 13, 14]);
    expect(l.rows.jumped()).toBe(false);
  });

  it('draws the view alone after a jump of more than two views, and keeps to it while rows are measured', () => {
    const l = list();
    l.at(0, 10, 11);
    expect(l.at(5_000, 40, 41)).toEqual([40, 41]);
    expect(l.rows.jumped()).toBe(true);
    // The list corrects its offset as the rows are measured: still the view alone.
    expect(l.at(4_980, 39, 41)).toEqual([39, 40, 41]);
    expect(l.at(10_000, 80, 81)).toEqual([80, 81]);
  });

  it('draws the rows below once the view settles, and all of them again with the next scroll', () => {
    const l = list();
    l.at(0, 10, 11);
    l.at(5_000, 40, 41);
    l.rows.settle();
    expect(l.at(5_000, 40, 41)).toEqual([40, 41, 42, 43]);
    // Rows below measured bring one more into view; the reader has not moved: no rows above.
    expect(l.at(5_000, 40, 42)).toEqual([40, 41, 42, 43, 44]);
    expect(l.at(5_100, 41, 42)).toEqual([39, 40, 41, 42, 43, 44]);
    expect(l.rows.jumped()).toBe(false);
  });

  it('is seeking only from the second jump in a row, until a move or a stop ends it', () => {
    const l = list();
    l.at(0, 10, 11);
    l.at(5_000, 40, 41);
    // One jump (a find hit, a click on the scrollbar's track) draws full rows.
    expect(l.rows.seeking()).toBe(false);
    l.at(10_000, 80, 81);
    expect(l.rows.seeking()).toBe(true);
    // Rows measured in place (same offset) do not end it; a move short of a jump does.
    l.at(10_000, 80, 82);
    expect(l.rows.seeking()).toBe(true);
    l.at(10_400, 82, 83);
    expect(l.rows.seeking()).toBe(false);
    l.at(20_000, 90, 91);
    l.at(30_000, 95, 96);
    expect(l.rows.seeking()).toBe(true);
    l.rows.stopSeeking();
    expect(l.rows.seeking()).toBe(false);
    // After a stop, one more jump alone is not seeking again.
    l.at(40_000, 97, 98);
    expect(l.rows.seeking()).toBe(false);
    // Nor is a jump after a single jump the view stopped at.
    l.rows.stopSeeking();
    l.at(50_000, 98, 99);
    expect(l.rows.seeking()).toBe(false);
  });
});
