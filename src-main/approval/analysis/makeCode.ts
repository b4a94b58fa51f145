/**
 * Shell commands inside makefile text given on the command line (`make --eval`) or on stdin
 * (`make -f -`), and inside Tcl code (`expect -c`, `tclsh <<<`): recipes, `$(shell …)`, `!=`
 * assignments, Tcl's `exec`, `spawn` and `open "|cmd"`. Make variables become unknown parts.
 */
import type { Nested } from './unwrap';
import type { ArgWord } from './words';
import { DYN, capFound } from './words';

const MAX_FOUND = 32;
const STDIN_PATHS = new Set(['-', '/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);
/** A SHELL override that only picks another ordinary shell. */
const PLAIN_SHELL = /^(?:\/(?:usr\/)?(?:local\/)?bin\/)?(?:ba|da|z|k|mk)?sh$|^\/usr\/bin\/env (?:ba|z)?sh$/;

/** `$(...)` text from `open` (the index after `(`), with nested parentheses balanced. */
function balanced(s: string, open: number): string {
  let depth = 1;
  for (let i = open; i < s.length; i++) {
    const c = s.charAt(i);
    if (c === '(' || c === '{') depth++;
    else if ((c === ')' || c === '}') && --depth === 0) return s.slice(open, i);
  }
  return s.slice(open);
}

/** A recipe line as the shell sees it: `$$` is `$`, make variables are unknown. */
function recipe(line: string): string {
  return line
    .replace(/^[\s@+-]+/, '')
    .replace(/\$\$|\$\([^()]*\)|\$\{[^{}]*\}|\$./g, (m) => (m === '$$' ? '$' : DYN));
}

/** The recipe of `target: prerequisites ; recipe`, when the line is such a rule. */
function ruleRecipe(line: string): string | null {
  const colon = line.indexOf(':');
  if (colon <= 0 || line.startsWith('#') || line.slice(0, colon).includes('=')) return null;
  if (line.charAt(colon + 1) === '=' || line.startsWith(':=', colon + 1)) return null;
  const semi = line.indexOf(';', colon);
  if (semi < 0 || line.slice(colon, semi).includes('=')) return null;
  return line.slice(semi + 1);
}

export function makefileShellCode(text: string): string[] {
  const s = text.replace(/\\\n/g, ' ');
  const out: string[] = [];
  const SHELL = /\$[({]shell\s/g;
  for (let m = SHELL.exec(s); m && out.length <= MAX_FOUND; m = SHELL.exec(s))
    out.push(recipe(balanced(s, m.index + m[0].length)));
  for (const line of s.split('\n')) {
    if (out.length > MAX_FOUND) break;
    if (line.startsWith('\t')) {
      out.push(recipe(line));
      continue;
    }
    const bang = /^[^#=:]*!=(.*)$/.exec(line);
    if (bang?.[1]) {
      out.push(recipe(bang[1]));
      continue;
    }
    const inline = ruleRecipe(line);
    if (inline) out.push(recipe(inline));
  }
  return capFound(
    out.filter((c) => c.trim() !== ''),
    MAX_FOUND,
  );
}

const code =
  (w: ArgWord) =>
  (text: string): Nested => ({ kind: 'code', text, words: [w] });

/** Makefile text `make` reads from its command line and from stdin. */
export function makeCode(
  argv: readonly ArgWord[],
  stdin: string | null,
): { nested: Nested[]; makefile: ArgWord | null } {
  const texts: ArgWord[] = [];
  let makefile: ArgWord | null = null;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (!w || w.value === '--') break;
    const v = w.value;
    let value: ArgWord | undefined;
    let kind: 'eval' | 'file' | null = null;
    const long = /^--(eval|file|makefile)(?:=(.*))?$/s.exec(v);
    // `make SHELL='sh -c "…" #'`: every recipe runs through the program SHELL names.
    const shell = /^SHELL=(.*)$/s.exec(v)?.[1];
    if (shell !== undefined && !PLAIN_SHELL.test(shell.trim()))
      texts.push({ ...w, value: `all:\n\t${shell}` });
    else if (long) {
      kind = long[1] === 'eval' ? 'eval' : 'file';
      value = long[2] !== undefined ? { ...w, value: long[2] } : argv[++i];
    } else if (/^-[^-]/.test(v)) {
      const at = v.search(/[EfCIoW]/);
      const letter = at > 0 ? v.charAt(at) : '';
      if (letter !== '') {
        const rest = v.slice(at + 1);
        value = rest !== '' ? { ...w, value: rest } : argv[++i];
        kind = letter === 'E' ? 'eval' : letter === 'f' ? 'file' : null;
      }
    }
    if (kind === 'eval' && value) texts.push(value);
    // The parser drops a lone `-` before a heredoc (`make -f - <<EOF`): `-f` with no value reads stdin.
    else if (kind === 'file' && (!value || STDIN_PATHS.has(value.value)))
      texts.push({ ...(value ?? w), value: stdin ?? DYN });
    else if (kind === 'file') makefile ??= value ?? null;
  }
  const nested = texts.flatMap((w) =>
    w.value === DYN ? [code(w)(DYN)] : makefileShellCode(w.value).map(code(w)),
  );
  return { nested, makefile };
}

const TCL_RUN = /\b(exec|spawn)\s+/g;
const TCL_OPEN = /\bopen\s+["{]\|([^"}\n]{1,2000})/g;
const TCL_OPTION =
  /^(?:-(?:ignorestderr|keepnewline|noecho|nottycopy|nottyinit|console|pty|open|leaveopen)\s+|--\s+){0,8}/;

/** The command line after `exec`/`spawn`, up to the end of the Tcl command. */
function tclCommandAt(s: string, from: number): string {
  let depth = 0;
  let end = from;
  for (; end < s.length && end - from < 2000; end++) {
    const c = s.charAt(end);
    if (c === '{') depth++;
    else if (c === '}') {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && (c === ';' || c === ']' || c === '\n')) break;
  }
  return s
    .slice(from, end)
    .replace(TCL_OPTION, '')
    .replace(/\[[^\]]*\]/g, DYN)
    .replace(/\{([^{}]*)\}/g, (_m, inner: string) => `'${inner.split("'").join("'\\''")}'`)
    .replace(/\s\d?>@\S+/g, '');
}

export function tclShellCode(text: string): string[] {
  const s = text;
  const out: string[] = [];
  TCL_RUN.lastIndex = 0;
  for (let m = TCL_RUN.exec(s); m && out.length <= MAX_FOUND; m = TCL_RUN.exec(s))
    out.push(tclCommandAt(s, m.index + m[0].length));
  TCL_OPEN.lastIndex = 0;
  for (let m = TCL_OPEN.exec(s); m && out.length <= MAX_FOUND; m = TCL_OPEN.exec(s)) if (m[1]) out.push(m[1]);
  return capFound(
    out.filter((c) => c.trim() !== ''),
    MAX_FOUND,
  );
}

/** Tcl code `tclsh`, `wish` and `expect` run: `expect -c CODE`, else stdin when no script is named. */
export function tclCode(name: string, argv: readonly ArgWord[], stdin: string | null): Nested[] {
  const codes: ArgWord[] = [];
  let script = false;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (!w) break;
    if (name === 'expect' && w.value === '-c') {
      const v = argv[++i];
      if (v) codes.push(v);
    } else if (w.value === '-f' || w.value === '-encoding') {
      script ||= w.value === '-f';
      i++;
    } else if (w.value === '-' || !w.value.startsWith('-')) {
      script = w.value !== '-';
      break;
    }
  }
  if (!script && codes.length === 0 && stdin !== null)
    codes.push({ value: stdin, raw: stdin, start: 0, end: 0, quoted: true, runs: [] });
  return codes.flatMap((w) => tclShellCode(w.value).map(code(w)));
}
