import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Who runs a turn, as stored beside its calls: the pid and when that process started. The app,
 * `serve` and the CLI share the database, and pids are reused, so a live pid alone proves
 * nothing; the start time tells a reused pid from the owner.
 */
export function processOwner(pid: number = process.pid): string | null {
  const started = startTime(pid);
  return started === null ? null : `${pid}:${started}`;
}

/** Whether the process that recorded `owner` still runs. */
export function ownerAlive(owner: string): boolean {
  const [pidText, ...rest] = owner.split(':');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return owner === selfOwner();
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = startTime(pid);
  // Where the start time cannot be read, a live pid is taken as the owner.
  return started === null || started === rest.join(':');
}

/** Linux: clock ticks after boot (/proc/<pid>/stat field 22); elsewhere `ps`'s start time. */
function startTime(pid: number): string | null {
  if (process.platform === 'linux') {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return fields[19] ?? null;
    } catch {
      return null;
    }
  }
  if (process.platform === 'win32') return null;
  try {
    const out = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return out === '' ? null : out;
  } catch {
    return null;
  }
}

let self: string | undefined;
/** This process, computed on first use (outside Linux it takes a `ps`). */
export function selfOwner(): string {
  self ??= processOwner() ?? `${process.pid}:`;
  return self;
}
