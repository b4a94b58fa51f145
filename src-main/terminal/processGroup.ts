/** Signals to whole local process groups, so grandchildren die with their parent. */
import { readdirSync, readFileSync } from 'node:fs';

/** Sends `signal` to the group led by `pid`, falling back to the process itself. */
export function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    try {
      process.kill(pid, signal);
      return true;
    } catch {
      return false;
    }
  }
}

export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Every live descendant of `pid`, read from /proc (Linux; empty elsewhere). The sandbox starts
 * commands in a session of their own (`bwrap --new-session`), so they leave our process group
 * and a group signal alone does not reach them.
 */
export function descendants(pid: number): number[] {
  const childrenOf = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const ppid = statFields(Number(entry))?.[STAT.ppid];
    if (ppid === undefined) continue; // exited while we looked
    const list = childrenOf.get(Number(ppid)) ?? [];
    list.push(Number(entry));
    childrenOf.set(Number(ppid), list);
  }
  const found: number[] = [];
  const stack = [pid];
  for (let next = stack.pop(); next !== undefined; next = stack.pop())
    for (const child of childrenOf.get(next) ?? []) {
      found.push(child);
      stack.push(child);
    }
  return found;
}

/** The process group of a live process (Linux /proc), or undefined when it is gone. */
export function groupOf(pid: number): number | undefined {
  const pgid = statFields(pid)?.[STAT.pgrp];
  return pgid === undefined ? undefined : Number(pgid);
}

/** Positions in statFields' result (proc(5) fields 3, 4, 5 and 6). */
export const STAT = { state: 0, ppid: 1, pgrp: 2, session: 3 } as const;

/**
 * The fields of /proc/PID/stat after the command name, or undefined when the process is gone.
 * The name may hold spaces and parentheses, so the fields resume after the last ')'.
 */
export function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** Live processes whose environment holds `entry` (`NAME=value`), read from /proc (Linux). */
export function processesWithEnv(entry: string): number[] {
  const found: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return found;
  }
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(entry)) found.push(Number(pid));
    } catch {
      // exited while we looked, or not ours to read
    }
  }
  return found;
}
