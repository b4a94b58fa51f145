/**
 * Commands that fill the disk: `fallocate -l 500G f`, `dd if=/dev/zero of=f bs=1G count=500`,
 * `cat /dev/zero > f`, `yes > f`. What the sandbox allows a command to write is bounded by the
 * fence; this names the intent, and asks where no sandbox stands (remote backends).
 */
import type { Rule } from '../verdict';
import type { CommandView, DetectorTable, HitSink } from './types';
import { ddOperand, optionValues } from './types';

export const diskFillRules: Rule[] = [
  {
    key: 'disk-fill',
    category: 'disk',
    description: 'Fills the disk: writes an endless stream or a file of 10 GB or more',
  },
];

const LIMIT = 10 * 1024 ** 3;
const UNITS: Record<string, number> = {
  '': 1,
  k: 1024,
  m: 1024 ** 2,
  g: 1024 ** 3,
  t: 1024 ** 4,
  p: 1024 ** 5,
};

/** `500G`, `10GiB`, `1T`, `4096`: bytes, or NaN. dd's `xM`, `kB` (1000) and `w`/`b` are close enough. */
function bytes(size: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*([kmgtp]?)(?:i?b)?$/i.exec(size);
  return m ? Number(m[1]) * (UNITS[(m[2] ?? '').toLowerCase()] ?? NaN) : NaN;
}

/** Devices that never run dry. */
const ENDLESS = new Set(['/dev/zero', '/dev/urandom', '/dev/random']);

/** Whether `view` writes without end on stdout: `cat /dev/zero`, `yes`, `head -c 500G /dev/urandom`. */
export function endlessOutput(view: CommandView): string | null {
  if (view.name === 'yes') return 'yes';
  if (view.name === 'cat' && view.args.some((a) => ENDLESS.has(a))) return `cat ${view.args.join(' ')}`;
  if (view.name === 'head' && view.args.some((a) => ENDLESS.has(a))) {
    const count = optionValues(view.args, 'c', ['bytes'])[0];
    if (count !== undefined && bytes(count) >= LIMIT) return `head -c ${count}`;
  }
  return null;
}

/** `cat /dev/zero > fill`: an endless stream redirected into a file. */
export function fillingRedirect(view: CommandView | null, target: string, out: HitSink): void {
  if (!view || /^\/dev\//.test(target)) return;
  const source = endlessOutput(view);
  if (source) out.hit('disk-fill', `${source} > ${target}`);
}

function fallocate(cmd: CommandView, out: HitSink): void {
  const length = optionValues(cmd.args, 'l', ['length'])[0];
  if (length !== undefined && bytes(length) >= LIMIT) out.hit('disk-fill', `fallocate -l ${length}`);
}

function dd(cmd: CommandView, out: HitSink): void {
  const value = (key: string) => ddOperand(cmd.args, key);
  const from = value('if');
  const to = value('of');
  if (to === undefined || to.startsWith('/dev/')) return;
  const count = value('count');
  const size = bytes(value('bs') ?? '512') * bytes(count ?? '');
  // With no count, a device that never runs dry writes until the disk is full.
  if ((count === undefined && from !== undefined && ENDLESS.has(from)) || size >= LIMIT)
    out.hit('disk-fill', `dd ${cmd.args.join(' ')}`);
}

export const diskFillDetectors: DetectorTable = [
  [['fallocate'], fallocate],
  [['dd'], dd],
];
