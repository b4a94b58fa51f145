/**
 * How many times less flooding output the machine can afford to show. A page slows itself down
 * when its frames run long (a slow page), but on a machine whose cores a command already keeps
 * busy, every frame a page draws comes out of the command, however short the frame. So while
 * output floods, main reads how many cores the machine left idle and feeds its pages less when
 * too few are: on a machine with cores to spare, nothing changes. Under a cgroup CPU quota (a
 * container), the cores are the quota's.
 */
import { cpus } from 'node:os';
import { ownCgroupPaths } from '../sandbox/cgroupPaths';
import { findCpuQuota, type CpuQuota } from './cpuQuota';

export interface CpuTimes {
  /** ms all cores spent idle, and in all, since boot. */
  idle: number;
  total: number;
  cores: number;
  /** Where a cgroup quota caps this process: its cores, the CPU ms it used, and when (ms) read. */
  quota?: { cores: number; usedMs: number; at: number };
}

let processQuota: CpuQuota | null | undefined;

export function readCpuTimes(quota = ownQuota()): CpuTimes {
  let idle = 0;
  let total = 0;
  const all = cpus();
  for (const { times } of all) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  const capped = quota
    ? { quota: { cores: quota.cores, usedMs: quota.usedMs(), at: performance.now() } }
    : {};
  return { idle, total, cores: all.length, ...capped };
}

/** This process's CPU quota, looked for once. */
function ownQuota(): CpuQuota | undefined {
  if (processQuota === undefined) processQuota = findCpuQuota(ownCgroupPaths()) ?? null;
  return processQuota ?? undefined;
}

/** Cores left idle between two readings, on average: on the host, and within a quota if one caps us. */
export function spareCores(before: CpuTimes, after: CpuTimes): number {
  // Some systems report no CPUs: the machine is taken to have room, as before it was read.
  if (after.cores === 0) return Infinity;
  const total = after.total - before.total;
  const host = total > 0 ? ((after.idle - before.idle) / total) * after.cores : after.cores;
  const wall = after.quota && before.quota ? after.quota.at - before.quota.at : 0;
  if (!after.quota || !before.quota || !(wall > 0)) return host;
  const used = (after.quota.usedMs - before.quota.usedMs) / wall;
  return Math.min(host, Math.max(0, after.quota.cores - used));
}

/** How often the machine is read while output floods (a reading costs tens of µs). */
const SAMPLE_MS = 250;
/**
 * Fewer idle cores than this: a page drawing a flood (about a fifth of a core at full pace) would
 * take its frames from the command.
 */
const SPARE_LOW = 0.5;
/** This many idle cores for `FASTER_AFTER_MS`: the pages are fed more again. */
const SPARE_HIGH = 1;
const FASTER_AFTER_MS = 3_000;
/** Not asked for this long: the flood is over, and the next one starts at full pace. */
const STALE_MS = 10_000;
/**
 * The most the machine slows pages down by: a flood's snapshots come at most this many seconds
 * apart (see LiveBudget), so the page still sees it move.
 */
export const MAX_MACHINE_PACE = 4;

export class MachineHeadroom {
  private current = 1;
  private last: { at: number; times: CpuTimes } | undefined;
  /** Since when the machine has had cores to spare (undefined while it has not). */
  private roomySince: number | undefined;

  constructor(
    private readonly read: () => CpuTimes = readCpuTimes,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** The pace the machine allows now; reads it at most every `SAMPLE_MS`. */
  pace(): number {
    const now = this.clock();
    if (!this.last || now - this.last.at > STALE_MS) {
      this.last = { at: now, times: this.read() };
      this.current = 1;
      this.roomySince = undefined;
      return this.current;
    }
    if (now - this.last.at < SAMPLE_MS) return this.current;
    const times = this.read();
    const spare = spareCores(this.last.times, times);
    this.last = { at: now, times };
    if (spare < SPARE_LOW) {
      this.current = Math.min(MAX_MACHINE_PACE, this.current * 2);
      this.roomySince = undefined;
    } else if (spare < SPARE_HIGH) {
      this.roomySince = undefined;
    } else {
      this.roomySince ??= now;
      if (this.current > 1 && now - this.roomySince >= FASTER_AFTER_MS) {
        this.current /= 2;
        this.roomySince = now;
      }
    }
    return this.current;
  }
}
