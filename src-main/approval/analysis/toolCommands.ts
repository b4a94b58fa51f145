/**
 * Build, search and network tools whose options run a command: cmake -E's portable commands,
 * Maven's exec plugin, cargo's --config runner, npm's and pnpm's --script-shell, scripts set into
 * package.json (`npm pkg set scripts.x=…`), fd -x, rg --pre, tcpdump's rotation hook
 * and lftp's `!` shell escape.
 */
import type { Nested } from './wrapperTypes';
import type { ArgWord } from './words';
import { DYN, syntheticWord } from './words';
import { fdOutputPath } from './rules/buildOutputs';
import { fdSearch } from './fdSearch';
import { optionWords } from './options';

const code = (w: ArgWord, text = w.value): Nested => ({ kind: 'code', text, words: [w] });

/** `!cmd` statements of lftp, ftp and sftp run in a shell; statements are split by `;` and newlines. */
export function bangCommands(w: ArgWord): Nested[] {
  return w.value
    .split(/[;\n]/)
    .map((s) => /^\s*!(.*)$/s.exec(s)?.[1] ?? '')
    .filter((s) => s.trim() !== '')
    .map((s) => code(w, s));
}

const argvOf = (words: readonly ArgWord[], via: string): Nested[] =>
  words.length > 0 ? [{ kind: 'argv', argv: [...words], via }] : [];

/** `cmake -E rm -rf d`, `remove_directory d`, `env A=1 cmd`, `chdir d cmd`, `time cmd`. */
function cmakeCommand(argv: readonly ArgWord[]): Nested[] {
  const at = argv.findIndex((w) => w.value === '-E');
  if (at < 0) return [];
  const verb = argv[at + 1];
  const rest = argv.slice(at + 2);
  const via = 'cmake -E';
  switch (verb?.value) {
    case 'rm':
      return argvOf([syntheticWord('rm'), ...rest], via);
    case 'remove':
      return argvOf([syntheticWord('rm'), ...rest], via);
    case 'remove_directory':
      return argvOf([syntheticWord('rm'), syntheticWord('-r'), ...rest], via);
    case 'env': {
      let i = 0;
      while (i < rest.length && /^--unset=|^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[i]?.value ?? '')) i++;
      if (rest[i]?.value === '--') i++;
      return argvOf(rest.slice(i), via);
    }
    case 'chdir':
      return argvOf(rest.slice(1), via);
    case 'time':
      return argvOf(rest, via);
    default:
      return [];
  }
}

/** `mvn exec:exec -Dexec.executable=rm -Dexec.args="-rf src"` runs the named program. */
function mavenExec(argv: readonly ArgWord[]): Nested[] {
  const prop = (name: string): ArgWord | undefined => {
    const w = argv.find((a) => a.value.startsWith(`-D${name}=`));
    return w ? { ...w, value: w.value.slice(name.length + 3) } : undefined;
  };
  const exe = prop('exec.executable');
  if (!exe || exe.value === '') return [];
  const args = prop('exec.args');
  return [code(exe, args ? `${exe.value} ${args.value}` : exe.value)];
}

const FD_PLACEHOLDER = /\{(?:\/\/|\/\.|\/|\.)?\}/;
const FD_PLACEHOLDERS = new RegExp(FD_PLACEHOLDER.source, 'g');

/**
 * `fd PATTERN -x cmd {}` / `-X cmd`: fd runs the command for its results, up to a lone `;`. A
 * result is a build output's path when fd looks only for one (`fd -g __pycache__ -X rm -rf`), an
 * unknown path in the first folder searched otherwise; with no placeholder it is appended.
 */
function fdExec(argv: readonly ArgWord[]): Nested[] {
  const at = argv.findIndex((w) => ['-x', '--exec', '-X', '--exec-batch'].includes(w.value));
  if (at < 0) return [];
  const rest = argv.slice(at + 1);
  const end = rest.findIndex((w) => w.value === ';');
  const cmd = end < 0 ? rest : rest.slice(0, end);
  const search = fdSearch(argv.slice(0, at).map((w) => w.value));
  const found = fdOutputPath(search) ?? `${search.paths[0] ?? '.'}/${DYN}`;
  const placed = cmd.some((w) => FD_PLACEHOLDER.test(w.value));
  const words = cmd.map((w) =>
    FD_PLACEHOLDER.test(w.value) ? { ...w, value: w.value.replace(FD_PLACEHOLDERS, found) } : w,
  );
  return argvOf(placed || words.length === 0 ? words : [...words, syntheticWord(found)], 'fd -x');
}

/**
 * `npm pkg set scripts.test="…"`, `npm set-script test "…"`: a script written into package.json,
 * run by the next `npm test` or `npm run`, a command that names none of it; judged as written.
 */
function packageScripts(argv: readonly ArgWord[]): Nested[] {
  const words = argv.slice(1).filter((w) => !w.value.startsWith('-'));
  const [verb, second] = words;
  if (verb?.value === 'set-script' && words[2]) return [code(words[2])];
  if (verb?.value !== 'pkg' || second?.value !== 'set') return [];
  return words.slice(2).flatMap((w) => {
    const m = /^scripts\.[^=]+=(.*)$/s.exec(w.value);
    return m?.[1] ? [code(w, m[1])] : [];
  });
}

/** Commands one of these tools runs because of its options; null for other tools. */
export function toolCommands(name: string, argv: readonly ArgWord[]): Nested[] | null {
  switch (name) {
    case 'tcpdump':
      // `-z cmd` runs on each capture file as it is rotated.
      return optionWords(argv, ['-z'], []).map((w) => code(w));
    case 'lftp':
      return optionWords(argv, ['-c', '-e'], []).flatMap(bangCommands);
    case 'npm':
    case 'pnpm':
      return [...optionWords(argv, [], ['--script-shell']).map((w) => code(w)), ...packageScripts(argv)];
    case 'yarn':
    case 'bun': {
      // bun is also an interpreter: with no script set, its code is judged as code.
      const scripts = packageScripts(argv);
      return scripts.length > 0 ? scripts : null;
    }
    case 'cmake':
      return cmakeCommand(argv);
    case 'fd':
    case 'fdfind':
      return fdExec(argv);
    case 'rg':
      // `--pre CMD` runs CMD on every file searched.
      return optionWords(argv, [], ['--pre']).map((w) => code(w));
    case 'cargo':
      // `--config 'target.<triple>.runner="cmd"'` runs cmd in place of every binary built.
      return optionWords(argv, [], ['--config']).flatMap((w) => {
        const runner = /\brunner\s*=\s*(['"])(.*)\1/.exec(w.value)?.[2];
        return runner ? [code(w, runner)] : [];
      });
    case 'mvn':
    case 'mvnw':
    case './mvnw':
      return mavenExec(argv);
    default:
      return null;
  }
}
