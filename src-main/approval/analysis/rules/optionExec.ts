/**
 * Options whose only use is to run a command from inside a tool that reads or archives files:
 * tar's `--checkpoint-action=exec=` and `--to-command`, sed's `e` command, zip's `-TT`. The
 * command they run is judged as well (carriers.ts); they ask even when it looks harmless,
 * because a developer has no reason to hide a command there and an attacker every reason.
 */
import type { Rule } from '../verdict';
import { sedCommands, sedScripts } from '../sedScript';
import { DYN, syntheticWord } from '../words';
import type { CommandView, DetectorTable, HitSink } from './types';

export const optionExecRules: Rule[] = [
  {
    key: 'option-exec',
    category: 'analysis',
    description:
      "Runs a command through an option of a file tool (tar --checkpoint-action=exec, tar --to-command, sed's e, zip -TT)",
  },
];

/** `--checkpoint-action=exec=…` (any abbreviation of the option) or `--to-command` / `--to-c`. */
function tarExec(cmd: CommandView, out: HitSink): void {
  cmd.args.forEach((a, i) => {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(a);
    const name = m?.[1] ?? '';
    const value = m?.[2] ?? cmd.args[i + 1] ?? '';
    const checkpoint = name.length >= 12 && 'checkpoint-action'.startsWith(name) && value.startsWith('exec=');
    const toCommand = name.length >= 4 && 'to-command'.startsWith(name);
    if (checkpoint || toCommand) out.hit('option-exec', `tar ${a}${m?.[2] === undefined ? ` ${value}` : ''}`);
  });
}

function sedExec(cmd: CommandView, out: HitSink): void {
  const argv = [syntheticWord(cmd.name), ...cmd.words];
  // A script known only at run time is not taken for one that runs commands.
  const run = sedScripts(argv, cmd.stdin)
    .flatMap((w) => sedCommands(w.value))
    .filter((c) => c !== DYN);
  if (run.length > 0) out.hit('option-exec', `sed's e command runs ${run.join('; ')}`);
}

/** zip -TT CMD (--unzip-command) tests the archive by running CMD. */
function zipExec(cmd: CommandView, out: HitSink): void {
  const at = cmd.args.findIndex((a) => a === '-TT' || a.startsWith('--unzip-command'));
  if (at >= 0) out.hit('option-exec', `zip ${cmd.args.slice(at, at + 2).join(' ')}`);
}

export const optionExecDetectors: DetectorTable = [
  [['tar', 'gtar', 'bsdtar'], tarExec],
  [['sed', 'gsed'], sedExec],
  [['zip'], zipExec],
];
