import { describe, expect, it } from 'vitest';
import {
  MAX_MACHINE_PACE,
  MachineHeadroom,
  readCpuTimes,
  spareCores,
  type CpuTimes,
} from './machineHeadroom';

/** A machine of `cores` cores whose idle share the test sets for each period. */
function fakeMachine(cores: number) {
  const state = { now: 0, times: { idle: 0, total: 0, cores } as CpuTimes, reads: 0 };
  return {
    state,
    /** `ms` pass with `spare` cores left idle. */
    pass(ms: number, spare: number): void {
      state.now += ms;
      state.times = {
        idle: state.times.idle + ms * spare,
        total: state.times.total + ms * cores,
        cores,
      };
    },
    headroom: new MachineHeadroom(
      () => {
        state.reads++;
        return state.times;
      },
      () => state.now,
    ),
  };
}

describe('MachineHeadroom', () => {
  it('slows pages down, a step each reading, while the machine has fewer than half a core idle', () => {
    const { headroom, pass } = fakeMachine(2);
    expect(headroom.pace()).toBe(1);
    const paces: number[] = [];
    for (let i = 0; i < 4; i++) {
      pass(250, 0.2);
      paces.push(headroom.pace());
    }
    expect(paces).toEqual([2, 4, MAX_MACHINE_PACE, MAX_MACHINE_PACE]);
  });

  it('changes nothing on a machine with cores to spare', () => {
    const { headroom, pass } = fakeMachine(8);
    headroom.pace();
    for (let i = 0; i < 20; i++) {
      pass(250, 5.5);
      expect(headroom.pace()).toBe(1);
    }
  });

  it('speeds up again only after the machine has had a core to spare for three seconds', () => {
    const { headroom, pass } = fakeMachine(2);
    headroom.pace();
    pass(250, 0);
    pass(0, 0);
    headroom.pace();
    pass(250, 0);
    expect(headroom.pace()).toBe(4);
    // Between half a core and one: it stays where it is.
    for (let i = 0; i < 20; i++) {
      pass(250, 0.7);
      expect(headroom.pace()).toBe(4);
    }
    const roomy: number[] = [];
    for (let i = 0; i < 13; i++) {
      pass(250, 1.5);
      roomy.push(headroom.pace());
    }
    expect(roomy.slice(0, 12).every((p) => p === 4)).toBe(true);
    expect(roomy[12]).toBe(2);
  });

  it('reads the machine at most every 250 ms however often it is asked', () => {
    const { headroom, pass, state } = fakeMachine(2);
    for (let i = 0; i < 100; i++) {
      headroom.pace();
      pass(10, 0);
    }
    // The first reading, then one per 250 ms of the second it covered.
    expect(state.reads).toBeLessThanOrEqual(1 + 4);
    expect(state.reads).toBeGreaterThanOrEqual(1 + 3);
  });

  it('starts the next flood at full pace once nobody has asked for ten seconds', () => {
    const { headroom, pass } = fakeMachine(2);
    headroom.pace();
    pass(250, 0);
    headroom.pace();
    pass(250, 0);
    expect(headroom.pace()).toBe(4);
    pass(10_001, 0);
    expect(headroom.pace()).toBe(1);
  });
});

describe('readCpuTimes', () => {
  it('reads this machine: idle within total, and a spare share between none and every core', async () => {
    const before = readCpuTimes();
    expect(before.cores).toBeGreaterThan(0);
    expect(before.idle).toBeGreaterThan(0);
    expect(before.idle).toBeLessThanOrEqual(before.total);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const spare = spareCores(before, readCpuTimes());
    expect(spare).toBeGreaterThanOrEqual(0);
    expect(spare).toBeLessThanOrEqual(before.cores);
  });

  it('counts every core idle when no time has passed between two readings', () => {
    const times = { idle: 5, total: 10, cores: 3 };
    expect(spareCores(times, times)).toBe(3);
  });

  it('counts the cores a cgroup quota leaves, however idle the host', () => {
    // Two host cores, one and a half idle; the quota is half a core and 0.45 of it was used.
    const before = { idle: 0, total: 0, cores: 2, quota: { cores: 0.5, usedMs: 0, at: 0 } };
    const after = { idle: 1_500, total: 2_000, cores: 2, quota: { cores: 0.5, usedMs: 450, at: 1_000 } };
    expect(spareCores(before, after)).toBeCloseTo(0.05);
    // A quota with room left counts no more than the host has idle.
    const roomy = { ...after, idle: 200, quota: { cores: 8, usedMs: 100, at: 1_000 } };
    expect(spareCores(before, roomy)).toBeCloseTo(0.2);
    // Used past the quota (a burst): none spare, never less.
    expect(spareCores(before, { ...after, quota: { cores: 0.5, usedMs: 900, at: 1_000 } })).toBe(0);
  });

  it('slows pages down while a quota is spent, though the host has idle cores', () => {
    let now = 0;
    let used = 0;
    const headroom = new MachineHeadroom(
      () => ({ idle: now * 1.8, total: now * 2, cores: 2, quota: { cores: 1, usedMs: used, at: now } }),
      () => now,
    );
    headroom.pace();
    for (let i = 0; i < 4; i++) {
      now += 250;
      used += 240;
      headroom.pace();
    }
    expect(headroom.pace()).toBeGreaterThan(1);
  });

  it('never slows pages down on a system that reports no CPUs', () => {
    let now = 0;
    const headroom = new MachineHeadroom(
      () => ({ idle: 0, total: now, cores: 0 }),
      () => now,
    );
    for (let i = 0; i < 10; i++) {
      expect(headroom.pace()).toBe(1);
      now += 250;
    }
  });
});
