import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cgroupPaths, ownCgroupPaths, readWords } from '../sandbox/cgroupPaths';
import { findCpuQuota } from './cpuQuota';

/**
 * The kernel's own files: a cgroup made here with a quota of half a core, a process spinning in
 * it, and its quota and usage read from what its /proc/<pid>/cgroup names. Where this process
 * may make no such cgroup (no root, no cpu controller delegated), there is nothing to read.
 */
const name = `caduceus-quota-test-${process.pid}`;

/** A cgroup's folders (one, or v1's cpu and cpuacct) and the file that sets its quota; undefined where none can be made. */
function makeCgroup(): { folders: string[]; quota: [file: string, text: string] } | undefined {
  const own = ownCgroupPaths();
  const cpu = own?.v1('cpu');
  const acct = own?.v1('cpuacct');
  const options: Array<{ folders: string[]; quota: [string, string] }> = [];
  if (cpu && acct)
    options.push({ folders: [join(cpu, name), join(acct, name)], quota: ['cpu.cfs_quota_us', '50000'] });
  if (own?.unified !== undefined && readWords(join(own.unified, 'cgroup.subtree_control')).includes('cpu'))
    options.push({ folders: [join(own.unified, name)], quota: ['cpu.max', '50000 100000'] });
  for (const option of options) {
    const made: string[] = [];
    try {
      for (const folder of option.folders)
        if (!existsSync(folder)) {
          mkdirSync(folder);
          made.push(folder);
        }
      const [file, text] = option.quota;
      if (file === 'cpu.cfs_quota_us')
        writeFileSync(join(option.folders[0] ?? '', 'cpu.cfs_period_us'), '100000');
      writeFileSync(join(option.folders[0] ?? '', file), text);
      return option;
    } catch {
      made.reverse().forEach(tryRemove);
    }
  }
  return undefined;
}

function tryRemove(folder: string): void {
  try {
    rmdirSync(folder);
  } catch {
    // Still has a process being reaped; the test's own end removes it on the next try.
  }
}

let child: ChildProcess | undefined;
afterEach(async () => {
  child?.kill('SIGKILL');
  if (child && child.exitCode === null) await new Promise((resolve) => child?.once('exit', resolve));
  child = undefined;
});

const cgroup = makeCgroup();
if (!cgroup) console.warn('cpuQuotaReal: skipped — this process may make no cgroup with a cpu quota here');
// Made as the file loads, so removed when it ends, whichever of its tests ran.
afterAll(async () => {
  const folders = [...new Set(cgroup?.folders ?? [])];
  for (let i = 0; i < 20 && folders.some(existsSync); i++) {
    folders.forEach(tryRemove);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

describe.skipIf(!cgroup)('findCpuQuota on a real cgroup', () => {
  it('reads half a core for a process put under that quota, and its usage as it spins', async () => {
    if (!cgroup) return;
    const procs = [...new Set(cgroup.folders)].map((f) => join(f, 'cgroup.procs'));
    // The shell moves itself in, then spins: what it forks later is counted there too.
    const script = `${procs.map((p) => `echo $$ > ${p}`).join('; ')}; echo in; while :; do :; done`;
    child = spawn('sh', ['-c', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child?.stdout?.once('data', () => resolve()));
    const paths = cgroupPaths(readFileSync(`/proc/${child.pid}/cgroup`, 'utf8'));
    const quota = findCpuQuota(paths);
    expect(quota?.cores).toBe(0.5);
    const before = quota?.usedMs() ?? NaN;
    await new Promise((resolve) => setTimeout(resolve, 400));
    const used = (quota?.usedMs() ?? NaN) - before;
    // Spinning, capped at half a core: some of the 400 ms, never all of it.
    expect(used).toBeGreaterThan(20);
    expect(used).toBeLessThan(400);
  });
});
