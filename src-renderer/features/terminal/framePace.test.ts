import { describe, expect, it } from 'vitest';
import { FramePace, MAX_PACE, PaceGovernor } from './framePace';

/** Frames of `ms` each for `forMs`, from `from`; returns the time after them. */
function frames(governor: PaceGovernor, ms: number, from: number, forMs: number): number {
  let now = from;
  while (now < from + forMs) {
    now += ms;
    governor.frame(ms, now);
  }
  return now;
}

describe('PaceGovernor', () => {
  it('stays at full pace while frames keep time', () => {
    const governor = new PaceGovernor();
    frames(governor, 16, 0, 10_000);
    expect(governor.pace).toBe(1);
  });

  it('slows down step by step while frames run long, up to a bound', () => {
    const governor = new PaceGovernor();
    let now = frames(governor, 120, 0, 1_200);
    expect(governor.pace).toBeGreaterThan(1);
    const after = governor.pace;
    now = frames(governor, 120, now, 1_200);
    expect(governor.pace).toBeGreaterThan(after);
    frames(governor, 200, now, 30_000);
    expect(governor.pace).toBe(MAX_PACE);
  });

  it('slows down faster when long frames take most of the time', () => {
    // A third of the time in long frames: twice less output after a second.
    const somewhat = new PaceGovernor();
    for (let now = 200; now <= 1_000; now += 200) somewhat.frame(60, now);
    expect(somewhat.pace).toBe(2);
    // Nothing but long frames: twice less at first, then four times less again.
    const swamped = new PaceGovernor();
    frames(swamped, 200, 0, 1_000);
    expect(swamped.pace).toBe(8);
  });

  it('ignores a single long frame now and then', () => {
    const governor = new PaceGovernor();
    let now = 0;
    for (let i = 0; i < 10; i++) {
      now = frames(governor, 16, now, 2_000);
      now += 60;
      governor.frame(60, now);
    }
    expect(governor.pace).toBe(1);
  });

  it('comes back to full pace once frames keep time again', () => {
    const governor = new PaceGovernor();
    const now = frames(governor, 150, 0, 5_000);
    expect(governor.pace).toBeGreaterThan(2);
    frames(governor, 16, now, 60_000);
    expect(governor.pace).toBe(1);
  });
});

describe('PaceGovernor.seed', () => {
  it('starts at a learned pace, and comes down only once output has kept time from its first arrival', () => {
    const governor = new PaceGovernor();
    governor.seed(4);
    expect(governor.pace).toBe(4);
    // Long after the page opened, the first output: the time kept starts now, not at the seed.
    governor.output(60_000);
    expect(governor.pace).toBe(4);
    governor.output(62_000);
    expect(governor.pace).toBe(4);
    governor.output(63_000);
    expect(governor.pace).toBe(2);
    for (let t = 63_250; t <= 80_000; t += 250) governor.output(t);
    expect(governor.pace).toBe(1);
  });

  it('never lowers a pace the page took on itself, and ignores nonsense', () => {
    const governor = new PaceGovernor();
    frames(governor, 200, 0, 1_000);
    expect(governor.pace).toBe(8);
    governor.seed(4);
    expect(governor.pace).toBe(8);
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 0, -3]) {
      const fresh = new PaceGovernor();
      fresh.seed(bad);
      expect(fresh.pace).toBe(1);
    }
    const high = new PaceGovernor();
    high.seed(1_000);
    expect(high.pace).toBe(MAX_PACE);
  });

  it('slows down further from a seeded pace while frames still run long', () => {
    const governor = new PaceGovernor();
    governor.seed(4);
    governor.output(0);
    frames(governor, 200, 0, 1_000);
    expect(governor.pace).toBeGreaterThan(4);
  });
});

describe('FramePace', () => {
  it('slows down on the long frames the browser reports, and speeds up on output once they stop', () => {
    let report: (ms: number, end: number) => void = () => undefined;
    const pace = new FramePace((long) => (report = long));
    for (let t = 100; t <= 1_500; t += 100) report(80, t);
    expect(pace.pace).toBeGreaterThan(1);
    // Output keeps arriving, no frame runs long: nothing is drawn to time them.
    for (let t = 1_600; t <= 60_000; t += 250) pace.busy(t);
    expect(pace.pace).toBe(1);
  });
});
