/**
 * A pids cgroup per sandboxed command, where this process may make one: the kernel then
 * refuses the command's fork past `pids.max` outright (root included), and the watchdog, which
 * reads `pids.events`, stops it with the reason. Under cgroup v2 that needs the pids controller
 * enabled for our own cgroup's children; under v1 a writable pids hierarchy. Elsewhere this
 * gives nothing and the watchdog alone holds the limit.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ownCgroupPaths, readText, readWords } from './cgroupPaths';

export interface PidsCgroup {
  /** Writing a pid here moves that process (and what it forks later) in. */
  readonly procs: string;
  /** Whether the kernel has refused a fork because of `pids.max`. */
  refusedFork(): boolean;
  /** The pids now in it. */
  members(): number[];
  /** Removes it once empty; retried a few times while the last processes are reaped. */
  remove(): void;
}

let parent: string | null | undefined;

/** The folder under which this process may make pids cgroups, found once. */
export function parentFolder(): string | undefined {
  if (parent === undefined) {
    parent = findParent() ?? null;
    if (parent) removeStale(parent);
  }
  return parent ?? undefined;
}

/** Empty cgroups left by a Caduceus that ended without removing them (a crash, a kill). */
export function removeStale(folder: string): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const owner = /^caduceus-(\d+)-[0-9a-f]+$/.exec(name)?.[1];
    if (owner !== undefined && !alive(Number(owner))) tryRemove(join(folder, name));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function findParent(): string | undefined {
  const paths = ownCgroupPaths();
  if (!paths) return undefined;
  const candidates: string[] = [];
  if (
    paths.unified !== undefined &&
    readWords(join(paths.unified, 'cgroup.subtree_control')).includes('pids')
  )
    candidates.push(paths.unified);
  const v1 = paths.v1('pids');
  if (v1 !== undefined) candidates.push(v1);
  return candidates.find(usable);
}

function usable(folder: string): boolean {
  const probe = join(folder, `caduceus-probe-${process.pid}`);
  try {
    mkdirSync(probe);
    rmdirSync(probe);
    return true;
  } catch {
    return false;
  }
}

/** A new pids cgroup allowing `limit` tasks, or undefined where none can be made. */
export function makePidsCgroup(limit: number): PidsCgroup | undefined {
  const base = parentFolder();
  if (!base) return undefined;
  const folder = join(base, `caduceus-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    mkdirSync(folder);
    writeFileSync(join(folder, 'pids.max'), String(limit));
  } catch {
    tryRemove(folder);
    return undefined;
  }
  return {
    procs: join(folder, 'cgroup.procs'),
    refusedFork: () => {
      const refused = /^max (\d+)$/m.exec(readText(join(folder, 'pids.events')) ?? '')?.[1];
      return refused !== undefined && refused !== '0';
    },
    members: () =>
      (readText(join(folder, 'cgroup.procs')) ?? '')
        .split('\n')
        .filter((line) => line !== '')
        .map(Number),
    remove: () => removeLater(folder, 20),
  };
}

function tryRemove(folder: string): boolean {
  try {
    rmdirSync(folder);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/** Cgroups still waiting for their last processes to be reaped; tried once more at exit. */
const pending = new Set<string>();
let exitHook = false;

function removeLater(folder: string, attempts: number): void {
  if (tryRemove(folder)) {
    pending.delete(folder);
    return;
  }
  if (!exitHook) process.once('exit', removePending);
  exitHook = true;
  pending.add(folder);
  if (attempts > 1) setTimeout(() => removeLater(folder, attempts - 1), 100).unref();
}

function removePending(): void {
  for (const folder of pending) tryRemove(folder);
  pending.clear();
}
