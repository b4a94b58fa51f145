import { existsSync, mkdirSync, readFileSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makePidsCgroup, parentFolder, removeStale } from './pidsCgroup';

const base = parentFolder();

describe.skipIf(!base)('pids cgroups (where this machine lets us make them)', () => {
  it('makes one with pids.max set, and removes it once empty', () => {
    const cgroup = makePidsCgroup(7);
    expect(cgroup).toBeDefined();
    const folder = join(cgroup?.procs ?? '', '..');
    expect(readFileSync(join(folder, 'pids.max'), 'utf8').trim()).toBe('7');
    expect(cgroup?.refusedFork()).toBe(false);
    cgroup?.remove();
    expect(existsSync(folder)).toBe(false);
  });

  it('removes empty cgroups a Caduceus that is gone left behind, and no others', () => {
    const folder = base ?? '';
    // pid 2^22 + 1 is above any pid_max, so no process has it.
    const stale = join(folder, 'caduceus-4194305-0badc0de');
    const ours = join(folder, `caduceus-${process.pid}-0badc0de`);
    mkdirSync(stale);
    mkdirSync(ours);
    try {
      removeStale(folder);
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(ours)).toBe(true);
    } finally {
      for (const dir of [stale, ours]) if (existsSync(dir)) rmdirSync(dir);
    }
  });
});
