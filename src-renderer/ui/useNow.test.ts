import { describe, expect, it } from 'vitest';
import { clockTickMs, formatDuration, formatRunning } from './useNow';

describe('a running clock', () => {
  it('ticks ten times a second while it shows tenths, then once a second', () => {
    expect(clockTickMs(0)).toBe(100);
    expect(clockTickMs(999)).toBe(100);
    expect(clockTickMs(1_000)).toBe(1_000);
    expect(clockTickMs(600_000)).toBe(1_000);
  });

  it('shows only what changes at its tick', () => {
    expect(formatRunning(450)).toBe('0.5s');
    expect(formatRunning(3_450)).toBe('3s');
    expect(formatRunning(12_900)).toBe('12s');
    expect(formatRunning(59_999)).toBe('59s');
    expect(formatRunning(65_400)).toBe('1m 05s');
    expect(formatDuration(12_900)).toBe('12.9s');
  });
});
