/**
 * What runs as root beyond a shell: builds, language package installs and scripts started
 * through sudo, doas or su (their code, from the project or a registry, gets the whole machine),
 * any program no rule knows run that way, and settings of the machine's identity and clock
 * (hostnamectl, timedatectl, date -s).
 */
import type { Rule } from '../verdict';
import type { CommandView, DetectorTable, HitSink } from './types';
import { splitOptions } from './types';
import { elevatorIn } from '../elevation';
import type { ArgWord } from '../words';
import { commandName } from '../words';

export const rootRunRules: Rule[] = [
  {
    key: 'root-build',
    category: 'privilege',
    description: 'Runs a build, a package install or a script as root, so its code gets the whole machine',
  },
  {
    key: 'root-unknown',
    category: 'privilege',
    description: 'Runs a program no rule knows as root or another user (sudo, doas, pkexec, run0)',
  },
  {
    key: 'root-attach',
    category: 'privilege',
    description:
      'Attaches a tracer to a running process as root, reading what passes through it (passwords, keys)',
  },
  {
    key: 'system-identity',
    category: 'privilege',
    description: "Changes the machine's name, clock, time zone or locale",
  },
];

/** Subcommands under which each tool runs code it builds or downloads; `*` for any first word. */
const RUNS_CODE = new Map<string, readonly string[]>(
  Object.entries({
    make: ['*'],
    gmake: ['*'],
    ninja: ['*'],
    npx: ['*'],
    cmake: ['--install', '--build'],
    pip: ['install', 'download', 'wheel'],
    pip3: ['install', 'download', 'wheel'],
    pipx: ['install', 'run'],
    npm: ['install', 'i', 'ci', 'add', 'exec', 'x', 'run', 'run-script', 'rebuild', 'link'],
    pnpm: ['install', 'i', 'add', 'dlx', 'exec', 'run'],
    yarn: ['install', 'add', 'global', 'dlx', 'exec', 'run'],
    bun: ['install', 'i', 'add', 'x', 'run'],
    gem: ['install', 'update'],
    cargo: ['install', 'build', 'run'],
    go: ['install', 'run', 'generate'],
  }),
);
/** `python -m MODULE` and `php -f FILE` run a module or script the way a script operand would. */
const RUNS_NAMED = new Map<string, RegExp>([
  ['python', /^-[bBdEIiOqsSuvx]*m/],
  ['php', /^-f/],
]);

/** `sudo ./install.sh`, `doas ../build/setup`: a script or program of the project, by its path or name. */
export function isProjectScript(word: string): boolean {
  return /^\.\.?\//.test(word) || /^[^/]*\.(?:sh|bash|zsh|py|pl|rb|js|mjs|php)$/.test(word);
}

function rootBuild(cmd: CommandView, out: HitSink): void {
  const by = elevatorIn(cmd.via);
  if (!by) return;
  const first = cmd.name === 'cmake' ? cmd.args.find((a) => a.startsWith('--')) : cmd.args[0];
  const verbs = RUNS_CODE.get(cmd.name);
  const named = RUNS_NAMED.get(cmd.name);
  // `sudo make` with no target and `sudo npx …` run code as well as `sudo make install`.
  const runs =
    named !== undefined
      ? cmd.args.some((a) => named.test(a))
      : verbs !== undefined && (verbs.includes('*') || (first !== undefined && verbs.includes(first)));
  if (runs) out.hit('root-build', `${by} ${cmd.name} ${cmd.args.join(' ')}`.trim());
}

/**
 * A script file any interpreter runs (`sudo php artisan`, `doas deno run x.ts`, `sudo lua x.lua`)
 * gets root; the carriers module knows which operand is the script. Inline code is judged by the
 * code rules.
 */
export function rootScript(name: string, script: string, via: readonly string[], out: HitSink): void {
  const by = elevatorIn(via);
  if (by) out.hit('root-build', `${by} ${name} ${script}`);
}

/** Tracers that attach to a running process with `-p PID` (and run nothing of their own then). */
const ATTACHERS = new Set(['strace', 'ltrace']);

/**
 * `sudo strace -p PID`: as root a tracer attaches to any process and reads what passes through
 * it, passwords and keys included. `wrappers` is the chain unwrapping found in `argv`.
 */
export function rootAttach(
  argv: readonly ArgWord[],
  wrappers: readonly string[],
  via: readonly string[],
  out: HitSink,
): void {
  const tracer = wrappers[wrappers.length - 1];
  if (tracer === undefined || !ATTACHERS.has(tracer)) return;
  const by = elevatorIn(via);
  const at = argv.findIndex((w) => commandName(w.value) === tracer);
  const attaches = argv.slice(at + 1).some((w) => /^-[a-zA-Z]*p|^--attach\b/.test(w.value));
  if (by && at >= 0 && attaches) out.hit('root-attach', `${by} ${tracer} -p`);
}

/** hostnamectl, timedatectl and localectl change settings with `set-…` (and `hostname NAME`). */
const SETTERS = new Set(['hostnamectl', 'timedatectl', 'localectl']);

function identity(cmd: CommandView, out: HitSink): void {
  const text = `${cmd.name} ${cmd.args.join(' ')}`.trim();
  const { options, operands } = splitOptions(cmd.args);
  const verb = operands[0] ?? '';
  const sets =
    cmd.name === 'hostname'
      ? operands.length > 0 || options.some((o) => o === '-F' || o === '--file' || o === '-b')
      : cmd.name === 'date'
        ? options.some((o) => o === '-s' || o.startsWith('--set')) || /^\d{8,12}(?:\.\d\d)?$/.test(verb)
        : SETTERS.has(cmd.name) &&
          (verb.startsWith('set-') || verb === 'hostname') &&
          (cmd.name !== 'hostnamectl' || operands.length > 1);
  if (sets) out.hit('system-identity', text);
}

/**
 * Well-known tools that only read or report, so running them as root changes nothing; `true`,
 * `id` and `whoami` are how scripts test a sudo login (`sudo -n true`).
 */
const ROOT_READ_ONLY = new Set([
  'true',
  'false',
  'id',
  'whoami',
  'groups',
  'echo',
  'printf',
  'pwd',
  'ls',
  'cat',
  'head',
  'tail',
  'less',
  'more',
  'grep',
  'egrep',
  'zgrep',
  'wc',
  'stat',
  'file',
  'du',
  'df',
  'free',
  'uptime',
  'uname',
  'ps',
  'top',
  'htop',
  'lsof',
  'ss',
  'netstat',
  'ip',
  'journalctl',
  'dmesg',
  'lsblk',
  'blkid',
  'lspci',
  'lsusb',
  'lsmod',
  'getent',
  'which',
]);

/**
 * `sudo mytool`: a program no rule judges, run as root or another user, asks; whatever it does,
 * it does beyond the project's reach. Reached only for names no detector table lists, so a
 * command the rules know (`sudo apt-get update`) is judged by those rules alone.
 */
export function rootUnknown(cmd: CommandView, out: HitSink): void {
  if (cmd.name === '' || ROOT_READ_ONLY.has(cmd.name)) return;
  const by = elevatorIn(cmd.via);
  if (by) out.hit('root-unknown', `${by} ${cmd.name}`);
}

export const rootRunDetectors: DetectorTable = [
  [[...RUNS_CODE.keys(), ...RUNS_NAMED.keys()], rootBuild],
  [['hostnamectl', 'timedatectl', 'localectl', 'hostname', 'date'], identity],
];
