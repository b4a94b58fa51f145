/** Commands that run code they are handed: shells, eval, source, interpreters, find -exec, exec into containers. */
import type { Nested } from './unwrap';
import { hasOption, optionValue, parseOptions } from './options';
import type { ArgWord } from './words';
import { DYN } from './words';
import { embeddedShellCode } from './embedded';
import { gitSettings, settingCode } from './rules/gitConfig';
import { sedCommands, sedScripts } from './sedScript';
import { parallelCode, rsyncCode, tarCode } from './runOptions';
import { edCode, lessCode, vimCode } from './editorCode';
import { emacsCode } from './emacsCode';
import { makeCode, tclCode } from './makeCode';
import { programCommands } from './programCommands';
import { findOutputName } from './rules/buildOutputs';

export const SHELLS = new Set([
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'mksh',
  'ash',
  'fish',
  'tcsh',
  'csh',
  'rbash',
  'yash',
  'posh',
]);
const INTERPRETERS = new Set([
  'python',
  'perl',
  'ruby',
  'irb',
  'node',
  'php',
  'bun',
  'deno',
  'lua',
  'luajit',
  'osascript',
  'rscript',
  'r',
  'julia',
  // TypeScript runners: node with a compiler in front.
  'tsx',
  'ts-node',
]);
const STDIN_PATHS = new Set(['-', '/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

export interface Carried {
  nested: Nested[];
  /** The command runs what arrives on stdin as code: shell code, or another language. */
  readsStdinCode: 'shell' | 'other' | null;
  /** A script file the command runs (may be a process substitution). */
  script: ArgWord | null;
  /** Words whose value becomes code (`sh -c WORD`, `eval WORDS`). */
  codeWords: ArgWord[];
  /** Code an interpreter runs from its command line (`python -c CODE`, `node -e CODE`). */
  code: ArgWord | null;
}

/** Most commands carry nothing: one frozen result serves them all (callers only read it). */
const NOTHING: Carried = Object.freeze({
  nested: Object.freeze([]) as unknown as Nested[],
  readsStdinCode: null,
  script: null,
  codeWords: Object.freeze([]) as unknown as ArgWord[],
  code: null,
});
const none = (): Carried => NOTHING;
const nested = (list: Nested[]): Carried => ({ ...none(), nested: list });

/** `argv[0]` is the command word; `name` its family name; `stdin` what it reads, when known. */
export function carried(name: string, argv: ArgWord[], stdin: string | null = null): Carried {
  if (SHELLS.has(name)) return shell(argv);
  const options = optionCode(name, argv, stdin);
  if (options) return options;
  if (name === 'eval') {
    const words = argv.slice(1);
    return {
      ...none(),
      nested: words.length ? [{ kind: 'code', text: words.map((w) => w.value).join(' '), words }] : [],
      codeWords: words,
    };
  }
  if (name === 'source' || name === '.') {
    const script = argv[1] ?? null;
    return {
      ...none(),
      script,
      readsStdinCode: script !== null && STDIN_PATHS.has(script.value) ? 'shell' : null,
    };
  }
  if (INTERPRETERS.has(name)) return interpreter(name, argv);
  if (name === 'trap') return trap(argv);
  if (name === 'git')
    return { ...none(), nested: [...gitCode(argv), ...(programCommands(name, argv, stdin) ?? [])] };
  if (name === 'find') return { ...none(), nested: findExec(argv) };
  if (name === 'awk' || name === 'gawk' || name === 'mawk' || name === 'nawk') {
    const program = argv.slice(1).find((w) => !w.value.startsWith('-'));
    return { ...none(), nested: embedded(program, 'awk') };
  }
  if (name === 'docker' || name === 'podman' || name === 'nerdctl')
    return { ...none(), nested: containerExec(argv) };
  if (name === 'kubectl' || name === 'oc') return { ...none(), nested: kubectlExec(argv) };
  return none();
}

const EDITORS = new Set(['vim', 'vi', 'nvim', 'ex', 'view', 'gvim', 'vimdiff', 'rvim', 'rview', 'evim']);

/** Commands whose options or input name a command line they run (sed's `e`, tar's filters, …). */
function optionCode(name: string, argv: ArgWord[], stdin: string | null): Carried | null {
  if (name === 'sed')
    return nested(
      sedScripts(argv, stdin).flatMap((w) =>
        sedCommands(w.value).map((text): Nested => ({ kind: 'code', text, words: [w] })),
      ),
    );
  if (name === 'tar') return nested(tarCode(argv));
  if (name === 'rsync') return nested(rsyncCode(argv));
  if (name === 'parallel') return nested(parallelCode(argv, stdin));
  if (name === 'make') {
    // A makefile named with -f runs its recipes like a script (`make -f <(curl …)`).
    const m = makeCode(argv, stdin);
    return { ...nested(m.nested), script: m.makefile };
  }
  if (name === 'less') return nested(lessCode(argv));
  if (name === 'ed') return nested(edCode(argv, stdin));
  if (name === 'emacs' || name === 'emacs-nox') return nested(emacsCode(argv));
  if (EDITORS.has(name)) return nested(vimCode(name, argv));
  if (name === 'tclsh' || name === 'wish' || name === 'expect')
    return { ...nested(tclCode(name, argv, stdin)), readsStdinCode: 'other' };
  if (name === 'at' || name === 'batch') return at(argv);
  const program = name === 'git' ? null : programCommands(name, argv, stdin);
  return program ? nested(program) : null;
}

/** `at` and `batch` run the shell commands on stdin later, or the file `-f` names. */
function at(argv: ArgWord[]): Carried {
  const p = parseOptions(argv, 1, { short: 'qft' });
  if (hasOption(p, '-l', '-r', '-d', '-c', '-V')) return none();
  const file = p.seen.find((o) => o.name === '-f');
  if (file) return { ...none(), script: file.value };
  return { ...none(), readsStdinCode: 'shell' };
}

function shell(argv: ArgWord[]): Carried {
  const p = parseOptions(argv, 1, { short: 'oO', long: ['rcfile', 'init-file'], plus: true });
  const first = argv[p.next] ?? null;
  if (hasOption(p, '-c', '--command')) {
    if (!first) return none();
    const positional = argv.slice(p.next + 1).map((w) => w.value);
    return {
      ...none(),
      nested: [{ kind: 'code', text: first.value, words: [first], positional }],
      codeWords: [first],
    };
  }
  const fromStdin = first === null || hasOption(p, '-s') || STDIN_PATHS.has(first.value);
  // An interactive shell runs its `--rcfile` first.
  const rc = fromStdin ? (optionValue(p, '--rcfile', '--init-file') ?? null) : null;
  return { ...none(), readsStdinCode: fromStdin ? 'shell' : null, script: fromStdin ? rc : first };
}

/** Option letters that hand an interpreter its code on the command line. */
const CODE_LETTERS: Record<string, string> = {
  python: 'c',
  php: 'r',
  perl: 'eE',
  ruby: 'e',
  irb: '',
  node: 'ep',
  tsx: 'ep',
  'ts-node': 'ep',
  bun: 'e',
  lua: 'e',
  luajit: 'e',
  osascript: 'e',
  rscript: 'e',
  r: 'e',
  julia: 'e',
};
/** Option letters whose value is the rest of the word or, when nothing follows, the next word. */
const VALUE_LETTERS: Record<string, string> = {
  python: 'WXQm',
  ruby: 'IrEC',
  irb: 'Ir',
  node: 'rC',
  php: 'cdfz',
};
/** Option letters whose value can only be attached (`-MFile::Path`, `-i.bak`). */
const ATTACHED_LETTERS: Record<string, string> = { perl: 'MmIxCdDl0iF', ruby: 'ixF0KTW' };
const NODE_VALUED = new Set(['--require', '--import', '--loader', '--experimental-loader', '--conditions']);

/** Shell commands inside a one-liner's code, as nested code to analyse. */
function embedded(code: ArgWord | undefined, language: 'script' | 'awk'): Nested[] {
  if (!code) return [];
  return embeddedShellCode(code.value, language).map((text) => ({ kind: 'code', text, words: [code] }));
}

function withCode(code: ArgWord | undefined): Carried {
  return code ? { ...none(), code, nested: embedded(code, 'script') } : none();
}

function interpreter(name: string, argv: ArgWord[]): Carried {
  const letters = CODE_LETTERS[name] ?? '';
  const valued = VALUE_LETTERS[name] ?? '';
  const attached = ATTACHED_LETTERS[name] ?? '';
  const words = argv.slice(1);
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (!w) break;
    const v = w.value;
    if (v === '--eval' || v === '--print' || v === 'eval') return withCode(words[i + 1]);
    if (v.startsWith('--eval=') || v.startsWith('--print='))
      return withCode({ ...w, value: v.slice(v.indexOf('=') + 1) });
    if (STDIN_PATHS.has(v)) break;
    if (v === '--') return { ...none(), script: words[i + 1] ?? null };
    if (v.startsWith('--')) {
      if (NODE_VALUED.has(v)) i++;
      continue;
    }
    if (!v.startsWith('-')) return { ...none(), script: w };
    for (let j = 1; j < v.length; j++) {
      const c = v.charAt(j);
      const rest = v.slice(j + 1);
      if (letters.includes(c)) return withCode(rest !== '' ? { ...w, value: rest } : words[i + 1]);
      if (attached.includes(c)) break;
      if (valued.includes(c)) {
        // `python -m mod` and `php -f file` run a module or script, not code from stdin.
        if ((name === 'python' && c === 'm') || (name === 'php' && c === 'f')) return none();
        if (rest === '') i++;
        break;
      }
    }
  }
  return { ...none(), readsStdinCode: 'other' };
}

/** `trap 'code' SIGNAL…`: the code runs later, when the signal or EXIT arrives. */
function trap(argv: ArgWord[]): Carried {
  const args = argv.slice(1);
  if (args.some((a) => a.value === '-p' || a.value === '-l' || a.value === '-P')) return none();
  const operands = args[0]?.value === '--' ? args.slice(1) : args;
  const code = operands[0];
  // One operand, or `-` first, resets the signals instead of setting code.
  if (!code || operands.length < 2 || code.value === '-' || code.value.trim() === '') return none();
  return { ...none(), nested: [{ kind: 'code', text: code.value, words: [code] }], codeWords: [code] };
}

/** Commands git settings on this command line will run (`git -c alias.x='!rm -rf ~' x`). */
function gitCode(argv: ArgWord[]): Nested[] {
  const nested: Nested[] = [];
  for (const s of gitSettings(argv.slice(1).map((w) => w.value))) {
    const code = settingCode(s);
    if (code !== null) nested.push({ kind: 'code', text: code, words: [] });
  }
  return nested;
}

const EXEC_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);

function findExec(argv: ArgWord[]): Nested[] {
  const nested: Nested[] = [];
  // With one start folder, `{}` is a path inside it: `find ~ -exec sed -i … {} +` edits home files.
  const starts = argv.slice(1).findIndex((w) => /^[-(!]/.test(w.value));
  const start = starts === 1 ? argv[1]?.value : undefined;
  const firstExec = argv.findIndex((w) => EXEC_ACTIONS.has(w.value));
  // `find . -name __pycache__ -exec rm -rf {} +`: `{}` is a match of that build output's name.
  const output =
    start !== undefined && firstExec > 1
      ? findOutputName(
          [start],
          argv.slice(2, firstExec).map((w) => w.value),
        )
      : null;
  const inside = start !== undefined && !start.endsWith('/') ? `${start}/` : (start ?? '');
  const found = output !== null ? `${inside}${output}` : `${inside}${DYN}`;
  for (let i = 1; i < argv.length; i++) {
    if (!EXEC_ACTIONS.has(argv[i]?.value ?? '')) continue;
    const cmd: ArgWord[] = [];
    let j = i + 1;
    for (; j < argv.length; j++) {
      const w = argv[j];
      if (!w || w.value === ';' || w.value === '+') break;
      cmd.push(w.value.includes('{}') ? { ...w, value: w.value.split('{}').join(found) } : w);
    }
    if (cmd.length > 0) nested.push({ kind: 'argv', argv: cmd, via: 'find' });
    i = j;
  }
  return nested;
}

const RUN_VALUED = {
  short: 'eupvwlhm',
  long: [
    'env',
    'env-file',
    'user',
    'publish',
    'volume',
    'workdir',
    'label',
    'hostname',
    'memory',
    'name',
    'network',
    'entrypoint',
    'mount',
    'platform',
    'cpus',
    'add-host',
    'device',
    'cap-add',
    'cap-drop',
    'restart',
    'log-driver',
    'log-opt',
    'pull',
    'runtime',
    'shm-size',
    'ulimit',
    'gpus',
    'ipc',
    'pid',
    'security-opt',
    'tmpfs',
    'cidfile',
    'detach-keys',
    'dns',
    'expose',
    'group-add',
    'health-cmd',
    'stop-signal',
    'userns',
    'uts',
    'volumes-from',
  ],
};

/** `docker exec CONTAINER cmd …` and `docker run IMAGE cmd …` run a command line. */
function containerExec(argv: ArgWord[]): Nested[] {
  let i = 1;
  if (argv[i]?.value === 'container') i++;
  const verb = argv[i]?.value;
  if (verb !== 'exec' && verb !== 'run') return [];
  const p = parseOptions(
    argv,
    i + 1,
    verb === 'exec'
      ? { short: 'euw', long: ['env', 'env-file', 'user', 'workdir', 'detach-keys'] }
      : RUN_VALUED,
  );
  const cmd = argv.slice(p.next + 1);
  return cmd.length > 0 ? [{ kind: 'argv', argv: cmd, via: `docker ${verb}` }] : [];
}

function kubectlExec(argv: ArgWord[]): Nested[] {
  if (!argv.some((w) => w.value === 'exec')) return [];
  const dashDash = argv.findIndex((w) => w.value === '--');
  const cmd = dashDash >= 0 ? argv.slice(dashDash + 1) : [];
  return cmd.length > 0 ? [{ kind: 'argv', argv: cmd, via: 'kubectl exec' }] : [];
}
