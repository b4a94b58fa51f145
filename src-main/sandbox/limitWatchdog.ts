/**
 * Holds a sandboxed command to its process and disk-growth limits from the host side, for root
 * too (RLIMIT_NPROC does not bind root). Every tick one scan of /proc counts the processes and
 * threads under each watched command; the sandbox gives each command its own PID namespace,
 * whose init is the first process under the launcher, and every process in it (orphans
 * included) stays under that init. Over the limit, the tree is killed init first, which makes
 * the kernel kill the whole namespace and refuse it new processes. Disk growth is read with
 * statfs of the file systems holding the writable folders: constant cost however many files.
 * Where the command has a pids cgroup the kernel refuses forks past the limit, and the first
 * refusal stops the command the same way.
 */
import { readdirSync, readFileSync, statfsSync, statSync } from 'node:fs';
import type { PidsCgroup } from './pidsCgroup';
import { diskGrowthBreach, processLimitBreach, type LimitBreach, type SandboxLimits } from './limits';

/** Short enough that a fork storm is stopped early, long enough to cost little while idle. */
const TICK_MS = 100;
/** Once a command is past half its process limit, it is looked at this often. */
const HOT_TICK_MS = 20;
const MIB = 1024 * 1024;

export interface LimitWatch {
  /** Set once a limit stopped the command. */
  readonly breach: LimitBreach | undefined;
  stop(): void;
}

interface Disk {
  path: string;
  freeAtStart: number;
}

interface Watch {
  root: number;
  limits: SandboxLimits;
  disks: Disk[];
  cgroup: PidsCgroup | undefined;
  breach: LimitBreach | undefined;
}

const watches = new Set<Watch>();
let timer: NodeJS.Timeout | undefined;

/** Starts watching the command whose launcher is `root`; stop it once the command has exited. */
export function watchLimits(
  root: number,
  limits: SandboxLimits,
  writeRoots: readonly string[],
  cgroup?: PidsCgroup,
): LimitWatch {
  const disks = limits.disk_growth_mib > 0 ? disksOf(writeRoots) : [];
  const watch: Watch = { root, limits, disks, cgroup, breach: undefined };
  watches.add(watch);
  timer ??= setTimeout(tick, TICK_MS).unref();
  return {
    get breach() {
      return watch.breach;
    },
    stop() {
      watches.delete(watch);
      if (watches.size === 0 && timer) {
        clearTimeout(timer);
        timer = undefined;
      }
    },
  };
}

function tick(): void {
  const tree = process.platform === 'linux' ? readProcessTree() : undefined;
  let hot = false;
  for (const watch of watches) {
    const members = [...(tree ? subtree(tree, watch.root) : []), ...(watch.cgroup?.members() ?? [])];
    if (watch.breach) {
      // Whatever was forked between the scan and the kill goes at the next tick.
      killAll(members);
      continue;
    }
    const { processes, disk_growth_mib: diskMib } = watch.limits;
    const running = tree ? tasks(tree, members) : 0;
    hot ||= processes > 0 && running > processes / 2;
    if (processes > 0 && (watch.cgroup?.refusedFork() || running > processes))
      watch.breach = processLimitBreach(processes);
    else if (diskMib > 0 && diskGrowth(watch.disks) > diskMib * MIB) watch.breach = diskGrowthBreach(diskMib);
    if (watch.breach) killAll(members.length > 0 ? members : [watch.root]);
    hot ||= watch.breach !== undefined;
  }
  timer = watches.size > 0 ? setTimeout(tick, hot ? HOT_TICK_MS : TICK_MS).unref() : undefined;
}

interface ProcessTree {
  childrenOf: Map<number, number[]>;
  threads: Map<number, number>;
}

/** Fields of /proc/PID/stat after the command name: ppid is the 2nd, num_threads the 18th. */
function readProcessTree(): ProcessTree {
  const childrenOf = new Map<number, number[]>();
  const threads = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return { childrenOf, threads };
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited while we looked
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pid = Number(entry);
    const ppid = Number(fields[1]);
    const siblings = childrenOf.get(ppid);
    if (siblings) siblings.push(pid);
    else childrenOf.set(ppid, [pid]);
    threads.set(pid, Number(fields[17]) || 1);
  }
  return { childrenOf, threads };
}

/** Processes and threads; a pid seen twice (in the tree and the cgroup) counts once. */
function tasks(tree: ProcessTree, pids: readonly number[]): number {
  let count = 0;
  for (const pid of new Set(pids)) count += tree.threads.get(pid) ?? 0;
  return count;
}

/** `root` and everything under it, parents before children (a namespace's init before its members). */
function subtree(tree: ProcessTree, root: number): number[] {
  if (!tree.threads.has(root)) return [];
  const found = [root];
  for (let i = 0; i < found.length; i++) found.push(...(tree.childrenOf.get(found[i] ?? -1) ?? []));
  return found;
}

function killAll(pids: readonly number[]): void {
  for (const pid of pids)
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
}

/** One entry per file system under the writable folders, with its free space now. */
function disksOf(roots: readonly string[]): Disk[] {
  const seen = new Set<number>();
  const disks: Disk[] = [];
  for (const path of roots) {
    try {
      const { dev } = statSync(path);
      if (seen.has(dev)) continue;
      seen.add(dev);
      disks.push({ path, freeAtStart: freeBytes(path) });
    } catch {
      // a folder that does not exist yet holds nothing
    }
  }
  return disks;
}

function freeBytes(path: string): number {
  const { bfree, bsize } = statfsSync(path);
  return bfree * bsize;
}

/** Bytes the file systems lost since the command started (whoever wrote them meanwhile). */
function diskGrowth(disks: readonly Disk[]): number {
  let grown = 0;
  for (const disk of disks)
    try {
      grown += Math.max(0, disk.freeAtStart - freeBytes(disk.path));
    } catch {
      // the folder went away
    }
  return grown;
}
