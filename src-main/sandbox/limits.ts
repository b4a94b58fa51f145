/**
 * Per-command limits of the sandbox (`sandbox.limits`): the launcher that sets the file-size
 * limit before the sandbox starts, and the words that tell the model which limit stopped a
 * command and how to raise it. The watchdog that enforces the process and disk limits is in
 * limitWatchdog.ts.
 */
import { shQuote } from '../../src-shared/shellQuote';
import type { SandboxLimits } from '../config/sandboxSchema';

export type { SandboxLimits };

export type LimitKind = 'processes' | 'file_size_mib' | 'disk_growth_mib';

export interface LimitBreach {
  kind: LimitKind;
  limit: number;
  /** What the model and the person read: which limit, and where to raise it. */
  message: string;
}

const MIB = 1024 * 1024;

/**
 * A command line that runs `sandboxed` (the sandbox's own shell words) with the file-size limit
 * set (soft and hard, so the command cannot raise it; it binds root too) and, when given, after
 * joining a pids cgroup. Both happen in the launching shell before the sandbox starts, so
 * nothing the command forks escapes them. `ulimit -f` counts 512-byte blocks in a POSIX sh.
 */
export function limitedLaunch(sandboxed: string, limits: SandboxLimits, cgroupProcs?: string): string {
  const steps: string[] = [];
  // A cgroup that cannot be joined leaves the watchdog to count processes.
  if (cgroupProcs) steps.push(`{ echo $$ > ${shQuote(cgroupProcs)}; } 2>/dev/null`);
  // A stricter limit already in place stays.
  if (limits.file_size_mib > 0) steps.push(`ulimit -f ${limits.file_size_mib * (MIB / 512)} 2>/dev/null`);
  if (steps.length === 0) return sandboxed;
  return `/bin/sh -c ${shQuote(`${steps.join('; ')}; exec "$@"`)} sh ${sandboxed}`;
}

const RAISE = 'in config.yaml; raise it there if the work really needs more';

export function processLimitBreach(limit: number): LimitBreach {
  return {
    kind: 'processes',
    limit,
    message:
      `[The sandbox stopped this command: it went past the process limit of ${limit} processes and ` +
      `threads at once (sandbox.limits.processes ${RAISE}). All its processes were killed.]`,
  };
}

export function diskGrowthBreach(limitMib: number): LimitBreach {
  return {
    kind: 'disk_growth_mib',
    limit: limitMib,
    message:
      `[The sandbox stopped this command: the disk under its writable folders grew past the ` +
      `disk-growth limit of ${limitMib} MiB (sandbox.limits.disk_growth_mib ${RAISE}). All its ` +
      'processes were killed; the files it wrote are still there.]',
  };
}

export function fileSizeBreach(limitMib: number): LimitBreach {
  return {
    kind: 'file_size_mib',
    limit: limitMib,
    message:
      `[A write went past the sandbox's file-size limit of ${limitMib} MiB per file ` +
      `(sandbox.limits.file_size_mib ${RAISE}), so it failed and the file was cut there.]`,
  };
}

/**
 * What a process reports when RLIMIT_FSIZE stops it: the shell's word for death by SIGXFSZ, or
 * EFBIG where the signal is ignored (Python ignores it).
 */
const FILE_SIZE_SIGNS = /File size limit exceeded|File too large|EFBIG/;

/** Watches a command's output for the file-size limit; keeps a short tail across chunks. */
export class FileSizeSigns {
  private tail = '';
  private seen = false;

  push(chunk: string): void {
    if (this.seen) return;
    // The chunk and the seam with the one before are tested apart: joining them would copy the
    // whole chunk each time, and a sign is shorter than the 32 characters kept.
    this.seen = FILE_SIZE_SIGNS.test(chunk) || FILE_SIZE_SIGNS.test(this.tail + chunk.slice(0, 32));
    this.tail = chunk.length >= 32 ? chunk.slice(-32) : (this.tail + chunk).slice(-32);
  }

  get found(): boolean {
    return this.seen;
  }
}
