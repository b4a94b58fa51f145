import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FloodMotion } from './floodMotion';

describe('FloodMotion', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const watch = (pace = 1) => {
    const calls: boolean[] = [];
    const motion = new FloodMotion(
      (still) => calls.push(still),
      () => pace,
    );
    return { motion, calls };
  };

  it('leaves the spinners alone while output trickles (a shell echoing keys)', () => {
    const { motion, calls } = watch();
    for (let t = 0; t < 60_000; t += 100) motion.received('s1', 200, t);
    expect(calls).toEqual([]);
  });

  it('stills them while a stream floods, and once it exits lets them go', () => {
    const { motion, calls } = watch();
    motion.received('s1', 40_000, 0);
    motion.received('s1', 40_000, 300);
    expect(calls).toEqual([true]);
    motion.received('s1', 500_000, 400);
    expect(calls).toEqual([true]);
    motion.ended('s1');
    expect(calls).toEqual([true, false]);
  });

  it('keeps them still until the last flooding stream has ended', () => {
    const { motion, calls } = watch();
    motion.received('s1', 100_000, 0);
    motion.received('s2', 100_000, 10);
    motion.ended('s1');
    expect(calls).toEqual([true]);
    motion.ended('s2');
    expect(calls).toEqual([true, false]);
  });

  it('lets them go when a flood goes quiet, waiting longer on a page that asked for less', () => {
    const { motion, calls } = watch(4);
    motion.received('s1', 100_000, 0);
    // A page at pace 4 is sent a snapshot every few seconds: still a flood.
    vi.advanceTimersByTime(6_000);
    motion.received('s1', 30_000, 6_000);
    vi.advanceTimersByTime(19_000);
    expect(calls).toEqual([true]);
    vi.advanceTimersByTime(1_000);
    expect(calls).toEqual([true, false]);
  });

  it('takes snapshots (a reload restoring screens) for no flood, though they keep one going', () => {
    const { motion, calls } = watch();
    motion.received('s1', 0, 0);
    expect(calls).toEqual([]);
    motion.received('s1', 100_000, 100);
    vi.advanceTimersByTime(4_000);
    motion.received('s1', 0, 4_100);
    vi.advanceTimersByTime(4_000);
    expect(calls).toEqual([true]);
  });

  it('stills them as soon as main holds a stream back, however little of it the page was sent', () => {
    const { motion, calls } = watch(16);
    // A page at a slow pace is sent a few thousand characters before it is held back.
    motion.received('s1', 4_000, 0);
    motion.held('s1', 5);
    expect(calls).toEqual([true]);
    // Snapshots keep it going; with none, it goes quiet.
    vi.advanceTimersByTime(60_000);
    motion.received('s1', 0, 60_005);
    vi.advanceTimersByTime(79_000);
    expect(calls).toEqual([true]);
    vi.advanceTimersByTime(1_000);
    expect(calls).toEqual([true, false]);
  });
});
