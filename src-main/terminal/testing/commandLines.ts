import { readdirSync, readFileSync } from 'node:fs';

/** Pids of live processes whose command line contains `marker` (read from /proc). */
export function processesWith(marker: string): number[] {
  // Every command line contains '': killing what it finds would end the whole machine's processes.
  if (marker === '') throw new Error('processesWith needs a marker: an empty one matches every process');
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      // A zombie has exited already; only its parent's wait is missing.
      if (/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${entry}/stat`, 'utf8'))) continue;
    } catch {
      continue; // exited while we looked
    }
    if (cmdline.includes(marker)) pids.push(Number(entry));
  }
  return pids;
}

let issued = 0;

/**
 * A `sleep` duration no other process on the machine uses, to find this test's processes. The
 * call count keeps two from one process apart, the pid those of two processes; every part has a
 * fixed width, so no duration's command line contains another's.
 */
export function uniqueSleep(): string {
  issued += 1;
  const fixed = (n: number, width: number): string => String(n % 10 ** width).padStart(width, '0');
  return `${900 + Math.floor(Math.random() * 99)}.${fixed(process.pid, 7)}${fixed(issued, 5)}${fixed(Date.now(), 5)}`;
}

/** Ends processes a failed test left behind (they are this test's own, found by marker). */
export function killAll(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
