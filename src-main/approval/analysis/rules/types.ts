import type { ArgWord } from '../words';

/** A simple command after wrappers (sudo, env, timeout, …) have been peeled off. */
export interface CommandView {
  /** Lower-cased basename of the command word; '' when it cannot be known statically. */
  name: string;
  /** Static argument values (DYN marks unknown parts). */
  args: string[];
  words: ArgWord[];
  /** Wrappers peeled off on the way, outermost first. */
  via: readonly string[];
  /** Static text the command reads on stdin (heredoc, here-string, echo in a pipe), if known. */
  stdin: string | null;
  /** Working directory set by an earlier `cd`, if known. */
  cwd?: string | null;
  /** The session's workspace, if known; writes outside it are asked about. */
  workspace?: string | null;
  /** An earlier `cd` may have left the workspace (absolute, home, `..` or unknown target). */
  cwdLeft?: boolean;
}

export interface HitSink {
  hit(key: string, detail?: string): void;
  /** A path the command changes (deletes, rewrites, creates), as written; kept when it is static. */
  changes?(path: string): void;
}

export type CommandDetector = (cmd: CommandView, out: HitSink) => void;

/** In `via`: the command runs once per item of a list a command produced (context.ts `listLoop`). */
export const LIST_LOOP = 'for-each';

/** Command names and the detector that judges them. */
export type DetectorTable = ReadonlyArray<readonly [names: readonly string[], detect: CommandDetector]>;

export interface SplitArgs {
  readonly options: readonly string[];
  readonly operands: readonly string[];
}

/**
 * The last split and the array it came from. The detectors of one command split the same
 * `args` several times; argument arrays are built once and never changed afterwards.
 */
let lastArgs: readonly string[] | null = null;
let lastLength = -1;
let lastSplit: SplitArgs = { options: [], operands: [] };

function isOption(a: string): boolean {
  return a.length > 1 && a !== '--' && a.startsWith('-');
}

/** Splits arguments at `--`: options before, operands after. */
/** The command as one line for an explanation: `name arg…`. */
export function commandText(cmd: CommandView): string {
  return `${cmd.name} ${cmd.args.join(' ')}`.trim();
}

export function splitOptions(args: readonly string[]): SplitArgs {
  if (args === lastArgs && args.length === lastLength) return lastSplit;
  // Options first, then operands, is the usual order: two slices of exact size. Arrays grown by
  // push reserve 17 slots each, most of the garbage of judging thousands of short commands.
  let first = 0;
  while (first < args.length && isOption(args[first] ?? '')) first++;
  const ended = args[first] === '--';
  let rest = ended ? args.length : first;
  while (rest < args.length && args[rest] !== '--' && !isOption(args[rest] ?? '')) rest++;
  lastArgs = args;
  lastLength = args.length;
  lastSplit =
    rest === args.length
      ? { options: args.slice(0, first), operands: args.slice(ended ? first + 1 : first) }
      : splitMixed(args);
  return lastSplit;
}

/** splitOptions for options after operands (`rm a -f`): one pass, in order. */
function splitMixed(args: readonly string[]): SplitArgs {
  const options: string[] = [];
  const operands: string[] = [];
  let ended = false;
  for (const a of args) {
    if (!ended && a === '--') ended = true;
    else if (!ended && a.length > 1 && a.startsWith('-')) options.push(a);
    else operands.push(a);
  }
  return { options, operands };
}

/** Whether a short flag letter appears in any bundle (`-rf`) or a long flag is given (`--force`, `--force=x`). */
export function hasFlag(args: readonly string[], short: string, long: readonly string[] = []): boolean {
  for (const a of args) {
    if (a === '--') return false;
    if (a.startsWith('--')) {
      const name = a.slice(2).split('=')[0] ?? '';
      if (long.includes(name)) return true;
    } else if (a.length > 1 && a.charCodeAt(0) === 0x2d) {
      for (let i = 0; i < short.length; i++) if (a.indexOf(short.charAt(i), 1) > 0) return true;
    }
  }
  return false;
}

/** Value of an option given as `-o value`, `-ovalue`, `--opt value` or `--opt=value`. */
/** dd's `key=value` operand (`if=`, `of=`, `bs=`), or undefined. */
export function ddOperand(args: readonly string[], key: string): string | undefined {
  return args.find((a) => a.startsWith(`${key}=`))?.slice(key.length + 1);
}

export function optionValues(
  args: readonly string[],
  short: string | null,
  long: readonly string[],
): string[] {
  const found: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '--') break;
    const next = args[i + 1];
    if (short && a === `-${short}` && next !== undefined) found.push(next);
    else if (short && a.startsWith(`-${short}`) && !a.startsWith('--') && a.length > 2)
      found.push(a.slice(2));
    for (const l of long) {
      if (a === `--${l}` && next !== undefined) found.push(next);
      else if (a.startsWith(`--${l}=`)) found.push(a.slice(l.length + 3));
    }
  }
  return found;
}

/** First word that is not an option, skipping options known to take a value. */
export function firstOperand(
  args: readonly string[],
  valued: ReadonlySet<string> = new Set(),
): { index: number; value: string } | null {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '--') return i + 1 < args.length ? { index: i + 1, value: args[i + 1] ?? '' } : null;
    if (a.startsWith('-') && a.length > 1) {
      if (valued.has(a)) i++;
      continue;
    }
    return { index: i, value: a };
  }
  return null;
}
