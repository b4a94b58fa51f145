/**
 * Holds a sandboxed command to its process and disk-growth limits from the host side, for root
 * too (RLIMIT_NPROC does not bind root). Every tick one scan of /proc counts the processes and
 * threads under each watched command; the sandbox gives each command its own PID namespace,
 * whose init is the first process under the launcher, and every process in it (orphans
 * included) stays under that init. Over the limit, the tree is killed init first, which makes
 * the kernel kill the whole namespace and refuse it new processes. Disk growth: diskGrowth.ts.
 * Where the command has a pids cgroup the kernel refuses forks past the limit, and the first
 * refusal stops the command the same way.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { DiskGrowth } from './diskGrowth';
import type { PidsCgroup } from './pidsCgroup';
import { diskGrowthBreach, processLimitBreach, type LimitBreach, type SandboxLimits } from './limits';

/** Short enough that a fork storm is stopped early, long enough to cost little while idle. */
const TICK_MS = 100;
/** When every command has a pids cgroup the kernel holds the count, and /proc is not scanned. */
const CGROUP_TICK_MS = 250;
/** Once a command is past half its process limit, it is looked at this often. */
const HOT_TICK_MS = 20;
const MIB = 1024 * 1024;

export interface LimitWatch {
  /** Set once a limit stopped the command. */
  readonly breach: LimitBreach | undefined;
  stop(): void;
}

interface Watch {
  root: number;
  /** The root's start time, so that its pid, once reused, is not taken for it. */
  rootStart?: string;
  limits: SandboxLimits;
  disk: DiskGrowth | undefined;
  cgroup: PidsCgroup | undefined;
  breach: LimitBreach | undefined;
  onBreach: ((breach: LimitBreach) => void) | undefined;
}

const watches = new Set<Watch>();
let timer: NodeJS.Timeout | undefined;

/** Starts watching the command whose launcher is `root`; stop it once the command has exited. */
export function watchLimits(
  root: number,
  limits: SandboxLimits,
  writeRoots: readonly string[],
  cgroup?: PidsCgroup,
  onBreach?: (breach: LimitBreach) => void,
): LimitWatch {
  const disk =
    limits.disk_growth_mib > 0 ? new DiskGrowth(writeRoots, limits.disk_growth_mib * MIB) : undefined;
  const watch: Watch = { root, limits, disk, cgroup, breach: undefined, onBreach };
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
  // A cgroup the launcher could not join is empty: that command is counted from /proc.
  const inCgroup = new Map([...watches].map((watch) => [watch, watch.cgroup?.members() ?? []]));
  const counting = [...inCgroup].some(([watch, pids]) => pids.length === 0 && watch.limits.processes > 0);
  const tree = process.platform === 'linux' && counting ? readProcessTree() : undefined;
  let hot = false;
  for (const watch of watches) {
    const cgroupPids = inCgroup.get(watch) ?? [];
    const members = cgroupPids.length > 0 ? cgroupPids : tree ? subtree(tree, watch) : [];
    if (watch.breach) {
      // Whatever was forked between the scan and the kill goes now.
      killAll(members);
      hot = true;
      continue;
    }
    const { processes, disk_growth_mib: diskMib } = watch.limits;
    const running = tree ? tasks(tree, members) : 0;
    hot ||= processes > 0 && running > processes / 2;
    if (processes > 0 && (watch.cgroup?.refusedFork() || running > processes))
      watch.breach = processLimitBreach(processes);
    else if (watch.disk?.exceeded()) watch.breach = diskGrowthBreach(diskMib);
    if (!watch.breach) continue;
    // Without /proc or a cgroup, the launcher's process group (it leads one) is what can be reached.
    killAll(tree || watch.cgroup ? members : [-watch.root]);
    watch.onBreach?.(watch.breach);
    hot = true;
  }
  const next = hot ? HOT_TICK_MS : counting ? TICK_MS : CGROUP_TICK_MS;
  timer = watches.size > 0 ? setTimeout(tick, next).unref() : undefined;
}

interface ProcessTree {
  childrenOf: Map<number, number[]>;
  threads: Map<number, number>;
  startTimes: Map<number, string>;
}

/** Fields of /proc/PID/stat after the command name: ppid 2nd, num_threads 18th, starttime 20th. */
function readProcessTree(): ProcessTree {
  const childrenOf = new Map<number, number[]>();
  const threads = new Map<number, number>();
  const startTimes = new Map<number, string>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return { childrenOf, threads, startTimes };
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
    startTimes.set(pid, fields[19] ?? '');
  }
  return { childrenOf, threads, startTimes };
}

/** Processes and threads. */
function tasks(tree: ProcessTree, pids: readonly number[]): number {
  let count = 0;
  for (const pid of pids) count += tree.threads.get(pid) ?? 0;
  return count;
}

/** The root and everything under it, parents before children (a namespace's init before its members). */
function subtree(tree: ProcessTree, watch: Watch): number[] {
  const started = tree.startTimes.get(watch.root);
  if (started === undefined) return [];
  watch.rootStart ??= started;
  if (started !== watch.rootStart) return [];
  const found = [watch.root];
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
