/**
 * Debuggers and tracers attached to a process already running (strace's and ltrace's `-p` in unwrap.ts): they read its memory (the keys an
 * agent or a shell holds) and can make it run code (`gdb -p PID -ex 'call system(…)'`). Starting a
 * program under them (`gdb ./app`, `strace -f make`) attaches to nothing else.
 */
import type { Rule } from '../verdict';
import type { CommandView, DetectorTable, HitSink } from './types';
import { commandText, hasFlag, optionValues, splitOptions } from './types';

export const processAttachRules: Rule[] = [
  {
    key: 'process-attach',
    category: 'privilege',
    description:
      'Attaches a debugger or tracer to a running process: it can read its memory, secrets included, and run code inside it',
  },
];

/** The options that name the process to attach to, by tool. */
const ATTACH: ReadonlyMap<string, { short: string | null; long: string[] }> = new Map([
  ['gdb', { short: 'p', long: ['pid'] }],
  ['lldb', { short: 'p', long: ['attach-pid', 'attach-name'] }],
  ['perf', { short: 'p', long: ['pid'] }],
]);

/** Tools that attach to the process they are given, whatever their options. */
const ALWAYS = new Set(['gcore', 'reptyr', 'pyrasite', 'gdbserver']);

/** gdb's own commands that attach: `-ex 'attach 123'`, an `attach` operand. */
function gdbAttaches(cmd: CommandView): boolean {
  const commands = optionValues(cmd.args, null, ['ex', 'iex', 'eval-command']).concat(
    cmd.args.flatMap((a, i) => (a === '-ex' || a === '-iex' ? [cmd.args[i + 1] ?? ''] : [])),
  );
  if (commands.some((c) => /^\s*(?:attach|at)\s+\S/.test(c))) return true;
  // `gdb PROGRAM PID`: a second operand that is a number is a process to attach to.
  const ops = splitOptions(cmd.args).operands.filter((o, i, all) => !/^-(?:i?ex|x)$/.test(all[i - 1] ?? ''));
  return ops[0] === 'attach' || /^\d+$/.test(ops[1] ?? '');
}

function attach(cmd: CommandView, out: HitSink): void {
  // `gdbserver --attach COMM PID`; `perf record|trace -p`: the subcommand comes first.
  const spec = ATTACH.get(cmd.name);
  const named = spec ? optionValues(cmd.args, spec.short, spec.long).length > 0 : false;
  const attaches =
    ALWAYS.has(cmd.name) ||
    named ||
    (cmd.name === 'lldb' && hasFlag(cmd.args, '', ['attach-name', 'attach-pid'])) ||
    (cmd.name === 'gdb' && gdbAttaches(cmd));
  if (attaches) out.hit('process-attach', commandText(cmd));
}

export const processAttachDetectors: DetectorTable = [[['gdb', 'lldb', 'perf', ...ALWAYS], attach]];
