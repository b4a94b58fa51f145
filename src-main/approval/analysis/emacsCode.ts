/**
 * Shell commands Emacs Lisp given on the command line runs (`emacs --batch --eval '(…)'`):
 * `shell-command` and friends take a command line, `call-process` and `process-lines` a program
 * and its arguments. A call whose command is not a string literal stands as an unknown command.
 */
import type { Nested } from './unwrap';
import type { ArgWord } from './words';
import { DYN, capFound } from './words';

const MAX_COMMANDS = 32;
/** `(shell-command "…")`: the first argument is a shell command line. */
const SHELL_CALL =
  /\((?:async-)?shell-command(?:-to-string|-on-region)?\s+|\(call-process-shell-command\s+|\(process-file-shell-command\s+/g;
/** `(call-process "prog" nil t nil "arg" …)`, `(process-lines "prog" "arg" …)`. */
const PROGRAM_CALL = /\((?:call-process|process-lines|process-file)\s+/g;
/** `(start-process "name" buffer "prog" "arg" …)`: the program is the third argument. */
const START_PROCESS = /\(start-(?:file-)?process\s+/g;
const STRING = /^"((?:[^"\\\n]|\\.){0,2000})"/;
/** `(delete-directory DIR RECURSIVE)` with RECURSIVE given and not nil. */
const DELETE_TREE = /\(delete-directory\s+("(?:[^"\\\n]|\\.){0,2000}"|[^\s()"]{1,200})\s+(?!nil[\s)])[^\s)]/g;
const ATOM = /^(?:"(?:[^"\\\n]|\\.){0,2000}"|[^\s()"]{1,200})\s*/;

/** The literal strings of a call's arguments from `at`, up to its close; null where one is not a string. */
function args(code: string, at: number): Array<string | null> {
  const out: Array<string | null> = [];
  let pos = at;
  while (pos < code.length && code.charAt(pos) !== ')' && out.length < 64) {
    const m = ATOM.exec(code.slice(pos, pos + 2100));
    if (!m) {
      out.push(null);
      break;
    }
    out.push(STRING.exec(m[0])?.[1] ?? (m[0].trim() === 'nil' || m[0].trim() === 't' ? '' : null));
    pos += m[0].length;
  }
  return out;
}

function shellLine(value: string | null | undefined): string {
  return value ? value.replace(/\\(.)/g, '$1') : DYN;
}

export function elispShellCommands(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(SHELL_CALL)) {
    out.push(shellLine(STRING.exec(code.slice(m.index + m[0].length))?.[1]));
    if (out.length > MAX_COMMANDS) break;
  }
  const programs = [
    ...[...code.matchAll(PROGRAM_CALL)].map((m) => args(code, m.index + m[0].length)),
    ...[...code.matchAll(START_PROCESS)].map((m) => args(code, m.index + m[0].length).slice(2)),
  ];
  for (const a of programs) {
    const [prog, ...rest] = a;
    // Arguments after the program are strings or flags like nil/t; a quoted word keeps its spaces.
    const words = rest.filter((r) => r !== '');
    out.push(
      prog && words.every((r) => r !== null)
        ? [prog, ...words].map((s) => `'${s.replace(/'/g, "'\\''")}'`).join(' ')
        : DYN,
    );
    if (out.length > MAX_COMMANDS) break;
  }
  // `(delete-directory "src" t)`: a non-nil second argument deletes the tree, like `rm -rf`.
  for (const m of code.matchAll(DELETE_TREE)) {
    const dir = STRING.exec(m[1] ?? '')?.[1];
    out.push(dir ? `rm -rf '${shellLine(dir).replace(/'/g, '')}'` : `rm -rf ${DYN}`);
    if (out.length > MAX_COMMANDS) break;
  }
  return capFound(out, MAX_COMMANDS);
}

/** `emacs --eval CODE`, `-eval CODE`, `--eval=CODE`, `--execute CODE`. */
export function emacsCode(argv: readonly ArgWord[]): Nested[] {
  const out: Nested[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (!w) break;
    const v = w.value;
    const inline = /^--?(?:eval|execute)=(.*)$/s.exec(v)?.[1];
    const value =
      inline !== undefined
        ? { ...w, value: inline }
        : /^--?(?:eval|execute)$/.test(v)
          ? argv[++i]
          : undefined;
    if (value)
      for (const text of elispShellCommands(value.value)) out.push({ kind: 'code', text, words: [value] });
  }
  return out;
}
