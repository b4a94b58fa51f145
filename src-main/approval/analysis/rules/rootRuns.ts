/**
 * What runs as root beyond a shell: builds, language package installs and scripts started
 * through sudo, doas or su (their code, from the project or a registry, gets the whole machine),
 * and settings of the machine's identity and clock (hostnamectl, timedatectl, date -s).
 */
import type { Rule } from '../verdict';
import type { CommandView, DetectorTable, HitSink } from './types';
import { splitOptions } from './types';

export const rootRunRules: Rule[] = [
  {
    key: 'root-build',
    category: 'privilege',
    description: 'Runs a build, a package install or a script as root, so its code gets the whole machine',
  },
  {
    key: 'system-identity',
    category: 'privilege',
    description: "Changes the machine's name, clock, time zone or locale",
  },
];

const ELEVATORS = new Set(['sudo', 'su', 'doas', 'pkexec', 'run0', 'runuser']);

/** Subcommands under which each tool runs code it builds or downloads; `*` for any first word. */
const RUNS_CODE: Record<string, readonly string[]> = {
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
};
/** Interpreters run a script file as root; their inline code is judged by the code rules. */
const INTERPRETERS = new Set(['python', 'python3', 'node', 'perl', 'ruby']);
const INLINE = new Set(['-c', '-m', '-e', '-p', '-E']);

/** `sudo ./install.sh`, `doas ../build/setup`: a script or program of the project, by its path or name. */
export function isProjectScript(word: string): boolean {
  return /^\.\.?\//.test(word) || /^[^/]*\.(?:sh|bash|zsh|py|pl|rb|js|mjs|php)$/.test(word);
}

function rootBuild(cmd: CommandView, out: HitSink): void {
  const by = cmd.via.find((v) => ELEVATORS.has(v));
  if (!by) return;
  const first = cmd.name === 'cmake' ? cmd.args.find((a) => a.startsWith('--')) : cmd.args[0];
  const verbs = RUNS_CODE[cmd.name];
  // `sudo make` with no target and `sudo npx …` run code as well as `sudo make install`.
  const runs = INTERPRETERS.has(cmd.name)
    ? first !== undefined && !INLINE.has(first)
    : verbs !== undefined && (verbs.includes('*') || (first !== undefined && verbs.includes(first)));
  if (runs) out.hit('root-build', `${by} ${cmd.name} ${cmd.args.join(' ')}`.trim());
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

export const rootRunDetectors: DetectorTable = [
  [[...Object.keys(RUNS_CODE), ...INTERPRETERS], rootBuild],
  [['hostnamectl', 'timedatectl', 'localectl', 'hostname', 'date'], identity],
];
