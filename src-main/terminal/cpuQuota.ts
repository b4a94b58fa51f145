/**
 * The CPU this process's cgroup may use, where a quota caps it (a container's `--cpus`, a
 * systemd `CPUQuota`, a CI runner's share). The host's cores may sit idle while the quota is spent:
 * what a page draws then still comes out of the command's time.
 */
import { dirname, join, relative } from 'node:path';
import { readText, type CgroupPaths } from '../sandbox/cgroupPaths';

export interface CpuQuota {
  /** Cores' worth of CPU time the cgroup may use per unit of wall time. */
  cores: number;
  /** CPU ms the cgroup has used (every process in it) since it was made. */
  usedMs(): number;
}

type ReadText = (path: string) => string | undefined;

/** The tightest quota on this process's cgroup or its ancestors; undefined where none is set. */
export function findCpuQuota(
  paths: CgroupPaths | undefined,
  read: ReadText = readText,
): CpuQuota | undefined {
  if (!paths) return undefined;
  if (paths.unified !== undefined) {
    const folder = paths.unified;
    const cores = tightest(folder, paths.root, (dir) => v2Cores(read(join(dir, 'cpu.max'))));
    if (cores !== undefined) {
      const used = () =>
        Number(/^usage_usec (\d+)$/m.exec(read(join(folder, 'cpu.stat')) ?? '')?.[1]) / 1_000;
      if (Number.isFinite(used())) return { cores, usedMs: used };
    }
  }
  const cpu = paths.v1('cpu');
  const acct = paths.v1('cpuacct');
  // Usage counts only where it is the same cgroup's (the two controllers are mounted together).
  if (cpu === undefined || acct === undefined) return undefined;
  if (relative(join(paths.root, 'cpu'), cpu) !== relative(join(paths.root, 'cpuacct'), acct))
    return undefined;
  const cores = tightest(cpu, paths.root, (dir) =>
    toCores(Number(read(join(dir, 'cpu.cfs_quota_us'))), Number(read(join(dir, 'cpu.cfs_period_us')))),
  );
  if (cores === undefined) return undefined;
  const used = () => Number(read(join(acct, 'cpuacct.usage'))) / 1e6;
  return Number.isFinite(used()) ? { cores, usedMs: used } : undefined;
}

/** The least of `coresAt` over `folder` and its parents, up to the cgroup `root`. */
function tightest(
  folder: string,
  root: string,
  coresAt: (dir: string) => number | undefined,
): number | undefined {
  let least: number | undefined;
  for (let dir = folder; dir.startsWith(root); dir = dirname(dir)) {
    const cores = coresAt(dir);
    if (cores !== undefined) least = Math.min(least ?? Infinity, cores);
    if (dir === root) break;
  }
  return least;
}

/** `cpu.max`: "max 100000" (no quota) or "50000 100000" (half a core). */
function v2Cores(text: string | undefined): number | undefined {
  const [quota, period] = (text ?? '').trim().split(/\s+/);
  return toCores(Number(quota), Number(period));
}

/** Cores' worth of a quota per period; none for "max" (v2) or -1 (v1's `cpu.cfs_quota_us`). */
function toCores(quota: number, period: number): number | undefined {
  return quota > 0 && period > 0 ? quota / period : undefined;
}
