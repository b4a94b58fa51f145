import { describe, expect, it } from 'vitest';
import { nextRun, parseSchedule } from './schedule';

/** Local time, as cron lines are read. */
const at = (y: number, mo: number, d: number, h = 0, mi = 0) => new Date(y, mo - 1, d, h, mi).getTime();
const NOW = at(2026, 1, 15, 10, 30); // a Thursday

const next = (spec: string, from = NOW) => {
  const time = nextRun(parseSchedule(spec, from), from);
  return time === undefined ? undefined : new Date(time);
};

describe('parseSchedule', () => {
  it('reads relative schedules', () => {
    expect(parseSchedule('in 10m', NOW)).toEqual({ kind: 'once', at: NOW + 600_000 });
    expect(parseSchedule('in 2 hours', NOW)).toEqual({ kind: 'once', at: NOW + 7_200_000 });
    expect(parseSchedule('every 1h', NOW)).toEqual({ kind: 'every', everyMs: 3_600_000 });
    expect(parseSchedule('Every 30 Minutes', NOW)).toEqual({ kind: 'every', everyMs: 1_800_000 });
  });

  it('reads an ISO time in the future and refuses one in the past', () => {
    expect(parseSchedule('2026-02-01T09:00:00Z', NOW)).toEqual({ kind: 'once', at: Date.UTC(2026, 1, 1, 9) });
    expect(() => parseSchedule('2025-01-01T00:00:00Z', NOW)).toThrow(/in the past/);
  });

  it('refuses nonsense with a message that shows the accepted forms', () => {
    expect(() => parseSchedule('every 10s', NOW)).toThrow(/at most once a minute/);
    expect(() => parseSchedule('in soon', NOW)).toThrow(/not a duration/);
    expect(() => parseSchedule('tomorrow', NOW)).toThrow(/"in 10m", "every 1h"/);
    expect(() => parseSchedule('61 * * * *', NOW)).toThrow(/out of range 0-59/);
    expect(() => parseSchedule('0 0 31 2 *', NOW)).toThrow(/never matches/);
  });
});

describe('cron lines', () => {
  it('finds the next matching minute in local time', () => {
    expect(next('*/15 * * * *')).toEqual(new Date(at(2026, 1, 15, 10, 45)));
    expect(next('0 9 * * *')).toEqual(new Date(at(2026, 1, 16, 9)));
    expect(next('0 9 * * mon-fri', at(2026, 1, 16, 12))).toEqual(new Date(at(2026, 1, 19, 9)));
    expect(next('30 8 1 jan,jul *')).toEqual(new Date(at(2026, 7, 1, 8, 30)));
    expect(next('@monthly')).toEqual(new Date(at(2026, 2, 1)));
    expect(next('0 0 * * 7')).toEqual(new Date(at(2026, 1, 18)));
  });

  it('matches either day field when both are restricted', () => {
    expect(next('0 12 20 * mon')).toEqual(new Date(at(2026, 1, 19, 12)));
    expect(next('0 12 16 * mon')).toEqual(new Date(at(2026, 1, 16, 12)));
  });
});
