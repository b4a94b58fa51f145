import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cgroupPaths } from '../sandbox/cgroupPaths';
import { findCpuQuota } from './cpuQuota';

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = undefined;
});

/** A cgroup tree on disk, as the kernel shows it under /sys/fs/cgroup. */
async function tree(files: Record<string, string>): Promise<string> {
  root = await mkdtemp(join(tmpdir(), 'caduceus-cgroup-'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

describe('findCpuQuota', () => {
  it("reads a cgroup v2 quota, the tightest of the process's cgroup and its parents, and its usage", async () => {
    const at = await tree({
      'cgroup.controllers': 'cpu pids',
      'ci/cpu.max': '150000 100000\n',
      'ci/job/cpu.max': 'max 100000\n',
      'ci/job/cpu.stat': 'usage_usec 2500000\nuser_usec 2000000\n',
    });
    const quota = findCpuQuota(cgroupPaths('0::/ci/job\n', at));
    expect(quota?.cores).toBe(1.5);
    expect(quota?.usedMs()).toBe(2_500);
    await writeFile(join(at, 'ci/job/cpu.stat'), 'usage_usec 3000000\n');
    expect(quota?.usedMs()).toBe(3_000);
  });

  it('finds none where every level says max', async () => {
    const at = await tree({
      'cgroup.controllers': 'cpu',
      'a/cpu.max': 'max 100000\n',
      'a/cpu.stat': 'usage_usec 1\n',
    });
    expect(findCpuQuota(cgroupPaths('0::/a\n', at))).toBeUndefined();
  });

  it('reads a cgroup v1 quota where cpu and cpuacct are the same cgroup', async () => {
    const at = await tree({
      'cpu/docker/abc/cpu.cfs_quota_us': '67000\n',
      'cpu/docker/abc/cpu.cfs_period_us': '100000\n',
      'cpu/docker/cpu.cfs_quota_us': '-1\n',
      'cpu/docker/cpu.cfs_period_us': '100000\n',
      'cpuacct/docker/abc/cpuacct.usage': '4200000000\n',
    });
    const quota = findCpuQuota(cgroupPaths('5:cpuacct:/docker/abc\n4:cpu:/docker/abc\n0::/\n', at));
    expect(quota?.cores).toBeCloseTo(0.67);
    expect(quota?.usedMs()).toBe(4_200);
  });

  it('takes no v1 quota whose usage would be another cgroup’s, or with no quota set', async () => {
    const at = await tree({
      'cpu/slow/cpu.cfs_quota_us': '50000\n',
      'cpu/slow/cpu.cfs_period_us': '100000\n',
      'cpu/cpu.cfs_quota_us': '-1\n',
      'cpu/cpu.cfs_period_us': '100000\n',
      'cpuacct/cpuacct.usage': '1\n',
    });
    expect(findCpuQuota(cgroupPaths('2:cpuacct:/\n1:cpu:/slow\n', at))).toBeUndefined();
    expect(findCpuQuota(cgroupPaths('2:cpuacct:/\n1:cpu:/\n', at))).toBeUndefined();
    expect(findCpuQuota(undefined)).toBeUndefined();
  });
});

describe('cgroupPaths', () => {
  it('names the v2 folder and each v1 controller’s folder, comounted or not', async () => {
    const at = await tree({ 'unified/cgroup.procs': '' });
    const paths = cgroupPaths('12:pids:/user/1\n4:cpu,cpuacct:/docker/abc\n0::/docker/abc\n', at);
    expect(paths?.unified).toBe(join(at, 'unified/docker/abc'));
    expect(paths?.v1('cpu')).toBe(join(at, 'cpu/docker/abc'));
    expect(paths?.v1('cpuacct')).toBe(join(at, 'cpuacct/docker/abc'));
    expect(paths?.v1('pids')).toBe(join(at, 'pids/user/1'));
    expect(paths?.v1('memory')).toBeUndefined();
  });
});
