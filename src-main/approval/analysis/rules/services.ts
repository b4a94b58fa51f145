/** Services, processes and power: systemctl, kill, killall, shutdown, fork bombs, sudo -S. */
import type { Rule } from '../verdict';
import type { CommandView, DetectorTable, HitSink } from './types';
import { firstOperand, hasFlag, optionValues, splitOptions } from './types';

export const servicesRules: Rule[] = [
  { key: 'service-stop', category: 'services', description: 'Stops, restarts or disables a system service' },
  { key: 'kill-by-name', category: 'services', description: 'Kills processes by name (killall, pkill)' },
  {
    key: 'kill-all',
    category: 'services',
    hardline: true,
    description: 'Kills every process or init (kill -1, kill 1, killall5)',
  },
  {
    key: 'power-off',
    category: 'services',
    hardline: true,
    description: 'Shuts down or reboots the machine',
  },
  {
    key: 'fork-bomb',
    category: 'services',
    hardline: true,
    description: 'Fork bomb: spawns processes until the machine stalls',
  },
  {
    key: 'sudo-password-stdin',
    category: 'privilege',
    description: 'Feeds a sudo password on stdin (sudo -S)',
  },
];

/** Options of systemctl that take a value, so the operand after them is not a subcommand. */
export const SYSTEMCTL_VALUED = new Set([
  '-H',
  '--host',
  '-M',
  '--machine',
  '-t',
  '--type',
  '-p',
  '--property',
  '-n',
  '--lines',
  '-o',
  '--output',
  '--state',
  '-s',
  '--signal',
  '--root',
  '--kill-whom',
  '--job-mode',
  '--what',
]);
const SERVICE_STOP_VERBS = new Set([
  'stop',
  'restart',
  'try-restart',
  'reload-or-restart',
  'try-reload-or-restart',
  'condrestart',
  'force-reload',
  'kill',
  'disable',
  'mask',
  'isolate',
  'rescue',
  'emergency',
  'default',
]);
const POWER_VERBS = new Set(['poweroff', 'reboot', 'halt', 'kexec', 'soft-reboot']);

function systemctl(cmd: CommandView, out: HitSink): void {
  const verb = firstOperand(cmd.args, SYSTEMCTL_VALUED)?.value;
  if (verb === undefined) return;
  if (POWER_VERBS.has(verb)) out.hit('power-off', `${cmd.name} ${verb}`);
  else if (SERVICE_STOP_VERBS.has(verb)) out.hit('service-stop', `${cmd.name} ${cmd.args.join(' ')}`);
}

/** `service NAME stop`, `rc-service NAME restart`, `invoke-rc.d NAME stop`. */
function serviceScript(cmd: CommandView, out: HitSink): void {
  const verb = cmd.args.filter((a) => !a.startsWith('-'))[1];
  if (verb !== undefined && (SERVICE_STOP_VERBS.has(verb) || verb === '--full-restart'))
    out.hit('service-stop', `${cmd.name} ${cmd.args.join(' ')}`);
}

function launchctl(cmd: CommandView, out: HitSink): void {
  if (['unload', 'bootout', 'remove', 'stop', 'kill', 'disable'].includes(cmd.args[0] ?? ''))
    out.hit('service-stop', `launchctl ${cmd.args.join(' ')}`);
}

function brew(cmd: CommandView, out: HitSink): void {
  if (cmd.args[0] === 'services' && ['stop', 'restart', 'kill'].includes(cmd.args[1] ?? ''))
    out.hit('service-stop', `brew ${cmd.args.join(' ')}`);
}

function kill(cmd: CommandView, out: HitSink): void {
  const args = cmd.args;
  if (args.some((a) => a === '-l' || a === '-L' || a === '--list' || a === '--table')) return;
  const pids: string[] = [];
  let signalGiven = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '--') {
      pids.push(...args.slice(i + 1));
      break;
    }
    if (a === '-s' || a === '-n' || a === '--signal') {
      i++;
      signalGiven = true;
    } else if (a.startsWith('-') && !signalGiven && pids.length === 0) signalGiven = true;
    else pids.push(a);
  }
  if (pids.includes('-1') || pids.includes('1') || (pids.length === 0 && args.includes('-1')))
    out.hit('kill-all', `kill ${args.join(' ')}`);
  const finder = cmd.words.flatMap((w) => w.runs).find((r) => PROCESS_FINDERS.has(r));
  if (finder) out.hit('kill-by-name', `kill with process ids from ${finder}`);
}

/** Commands that list processes by name or file: their ids fed to kill act like pkill. */
// Not lsof: `kill $(lsof -t -i:3000)` frees a dev server's port, an everyday step.
export const PROCESS_FINDERS = new Set(['pgrep', 'pidof', 'ps', 'fuser', 'pstree']);

/** `pgrep node | xargs kill`: kill fed process ids found by name earlier in the pipeline. */
export function pipelineKillHits(
  stages: ReadonlyArray<{ view: CommandView | null }>,
  sinkFor: (index: number) => HitSink,
): void {
  let finder: string | null = null;
  stages.forEach((stage, i) => {
    const v = stage.view;
    if (v?.name === 'kill' && finder && v.via.includes('xargs'))
      sinkFor(i).hit('kill-by-name', `kill with process ids from ${finder}`);
    if (v && PROCESS_FINDERS.has(v.name)) finder = v.name;
  });
}

/** Stages whose output never ends: each line of it may start a process downstream. */
const ENDLESS = /^\s*(?:\S*\/)?(?:yes\b|seq\s+inf\b|cat\s+\/dev\/(?:zero|u?random)\b)/;
/** xargs or parallel with no limit on processes at once (`-P 0`, `--max-procs=0`, `-j0`). */
const UNBOUNDED =
  /^\s*(?:\S*\/)?(?:xargs|parallel)\b[^|]{0,400}?(?:\s-P\s?0\b|--max-procs[= ]0\b|\s-j\s?0\b|--jobs[= ]0\b)/;

/** `yes | xargs -P0 -n1 sh -c 'sh &'`: endless input, each line a new process, none waited for. */
export function pipelineStormHits(
  stages: ReadonlyArray<{ text: string }>,
  sinkFor: (i: number) => HitSink,
): void {
  const endless = stages.findIndex((s) => ENDLESS.test(s.text));
  if (endless < 0) return;
  const storm = stages.findIndex((s, i) => i > endless && UNBOUNDED.test(s.text));
  if (storm > endless)
    sinkFor(storm).hit('fork-bomb', 'endless input starts processes with no limit (xargs -P 0)');
}

/** Patterns that match every process name or command line. */
const MATCH_ALL = new Set(['.', '.*', '.+', '^', '^.*', '^.*$', '']);
/** Process 1 by name: killing it panics the kernel. */
const INIT = new Set(['init', 'systemd', 'launchd']);

function killByName(cmd: CommandView, out: HitSink): void {
  if (cmd.args.some((a) => a === '-l' || a === '--list' || a === '-V' || a === '--version')) return;
  out.hit('kill-by-name', `${cmd.name} ${cmd.args.join(' ')}`);
  // `pkill -f .`, `killall -r '.*'`, `pkill -u root`: every process, or every process of root.
  const users = optionValues(cmd.args, 'u', ['user', 'euid', 'uid']);
  const patterns = splitOptions(cmd.args).operands.filter((o) => !users.includes(o));
  const regex = cmd.name !== 'killall' || hasFlag(cmd.args, 'r', ['regexp']);
  const everything =
    (regex && patterns.some((p) => MATCH_ALL.has(p))) ||
    patterns.some((p) => INIT.has(p)) ||
    (patterns.length === 0 && users.some((u) => u === 'root' || u === '0'));
  if (everything) out.hit('kill-all', `${cmd.name} ${cmd.args.join(' ')}`);
}

function killall5(_cmd: CommandView, out: HitSink): void {
  out.hit('kill-all', 'killall5');
}

function power(cmd: CommandView, out: HitSink): void {
  if (cmd.name === 'shutdown' && cmd.args.some((a) => a === '-c' || a === '--help')) return;
  out.hit('power-off', `${cmd.name} ${cmd.args.join(' ')}`.trim());
}

/** AppleScript's restart and shut down, told to what performs them (`tell app "System Events" to restart`). */
const APPLESCRIPT_POWER =
  /\btell\s+(?:application|app)\s+(?:id\s+)?"(?:System Events|Finder|loginwindow|com\.apple\.systemevents)"[^\n]{0,80}?\b(?:restart|shut\s?down)\b|«event aevt(?:rrst|rsdn)»/i;

function appleScriptPower(cmd: CommandView, out: HitSink): void {
  if (cmd.args.some((a) => APPLESCRIPT_POWER.test(a)))
    out.hit('power-off', 'osascript: restart or shut down');
}

function init(cmd: CommandView, out: HitSink): void {
  const level = cmd.args[0];
  if (level === '0' || level === '6') out.hit('power-off', `${cmd.name} ${level}`);
}

/** Self-replicating one-liners in Perl, Python, Ruby or Node code strings. */
const CODE_FORK_BOMB =
  /\bfork(?:\s*\(\s*\))?\s*while\s*fork\b|while\s*(?:\(\s*)?(?:1|true|True)(?:\s*\))?(?:\s*[:{;])?\s*(?:os\.|process\.)?fork\s*\(|\bfork\s*\(\s*\)\s*(?:\|\||&&)\s*fork\s*\(/;

function interpreterCode(cmd: CommandView, out: HitSink): void {
  for (const code of optionValues(cmd.args, cmd.name.startsWith('python') ? 'c' : 'e', ['eval'])) {
    if (CODE_FORK_BOMB.test(code)) out.hit('fork-bomb', `${cmd.name} code forks itself in a loop`);
  }
}

export const servicesDetectors: DetectorTable = [
  [['systemctl', 'loginctl'], systemctl],
  [['service', 'rc-service', 'invoke-rc.d'], serviceScript],
  [['launchctl'], launchctl],
  [['brew'], brew],
  [['kill'], kill],
  [['killall', 'pkill', 'skill', 'slay'], killByName],
  [['killall5'], killall5],
  [['shutdown', 'reboot', 'halt', 'poweroff', 'openrc-shutdown'], power],
  [['init', 'telinit'], init],
  [['osascript'], appleScriptPower],
  [['perl', 'python', 'ruby', 'node', 'bun', 'deno'], interpreterCode],
];
