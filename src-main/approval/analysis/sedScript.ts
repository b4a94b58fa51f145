/**
 * The shell commands a GNU sed script runs: `e command` (to the end of its line), a bare `e`
 * (the pattern space, unknown) and the `e` flag of `s///`, which runs the substituted line.
 * Scripts are read as sed reads them, so an `e` inside a regex, a replacement or `a`/`i`/`c`
 * text is not a command. One pass over the script: linear.
 */
import type { ArgWord } from './words';
import { DYN, capFound, syntheticWord } from './words';

const MAX_COMMANDS = 32;

/** Index after a delimited part (`/re/`, a replacement) starting after its opening delimiter. */
function delimited(s: string, i: number, delim: string): { text: string; next: number } {
  let text = '';
  while (i < s.length && s.charAt(i) !== delim && s.charAt(i) !== '\n') {
    if (s.charAt(i) === '\\' && i + 1 < s.length) {
      text += s.slice(i, i + 2);
      i += 2;
    } else text += s.charAt(i++);
  }
  return { text, next: i + 1 };
}

function skipAddress(s: string, i: number): number {
  const c = s.charAt(i);
  if (c === '/' || c === '\\') {
    const delim = c === '\\' ? s.charAt(i + 1) : '/';
    i = delimited(s, c === '\\' ? i + 2 : i + 1, delim).next;
    while (s.charAt(i) === 'I' || s.charAt(i) === 'M') i++;
    return i;
  }
  while (i < s.length && /[0-9$~+]/.test(s.charAt(i))) i++;
  // A part known only at run time (`sed -n "${LINE}p"`) sits in the address.
  while (s.charAt(i) === DYN) i++;
  return i;
}

function toLineEnd(s: string, i: number): number {
  const nl = s.indexOf('\n', i);
  return nl === -1 ? s.length : nl;
}

/** The command `s/REGEX/REPL/e` runs: the line after substitution. */
function substituted(regex: string, repl: string): string {
  const text = landed(repl.replace(/\\([0-9])|&/g, DYN));
  if (/^\^?\.(?:\*|\\\+|\+)\$?$/.test(regex)) return text;
  return regex.startsWith('^') ? `${text}${DYN}` : `${DYN}${text}${DYN}`;
}

/** A replacement or `a`/`i`/`c` text as it lands in the file: `\n` a newline, `\t` a tab, `\/` a slash. */
export function landed(text: string): string {
  return text.replace(/\\(.)/gs, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

/**
 * Shell commands the script runs, DYN standing for what is only known when it runs. `written`
 * collects the text the script puts into lines: replacements and `a`/`i`/`c` texts.
 */
export function sedCommands(s: string, written?: string[]): string[] {
  // A script known only at run time (`sed "$SCRIPT"`) may hold any command.
  if (s.split(DYN).join('').trim() === '' && s.includes(DYN)) return [DYN];
  const out: string[] = [];
  let i = 0;
  while (i < s.length && out.length <= MAX_COMMANDS) {
    const c0 = s.charAt(i);
    if (c0 === ';' || c0 === '{' || c0 === '}' || c0.trim() === '') {
      i++;
      continue;
    }
    i = skipAddress(s, i);
    if (s.charAt(i) === ',') i = skipAddress(s, i + 1);
    while (s.charAt(i) === '!' || s.charAt(i) === ' ' || s.charAt(i) === '\t') i++;
    const c = s.charAt(i++);
    switch (c) {
      case 'e': {
        const end = toLineEnd(s, i);
        const cmd = s.slice(i, end).trim();
        out.push(cmd === '' || cmd === ';' || cmd === '}' ? DYN : cmd);
        i = end;
        break;
      }
      case 's': {
        const delim = s.charAt(i);
        const regex = delimited(s, i + 1, delim);
        const repl = delimited(s, regex.next, delim);
        i = repl.next;
        let flags = '';
        while (i < s.length && !/[;\n}w]/.test(s.charAt(i))) flags += s.charAt(i++);
        if (s.charAt(i) === 'w') i = toLineEnd(s, i);
        written?.push(landed(repl.text));
        if (flags.includes('e')) out.push(substituted(regex.text, repl.text));
        else if (flags.includes(DYN)) out.push(DYN);
        break;
      }
      case 'y': {
        const delim = s.charAt(i);
        i = delimited(s, delimited(s, i + 1, delim).next, delim).next;
        break;
      }
      case 'a':
      case 'i':
      case 'c': {
        // Text runs to the end of the line, and on while lines end in a backslash.
        let end = toLineEnd(s, i);
        while (end < s.length && s.charAt(end - 1) === '\\') end = toLineEnd(s, end + 1);
        // GNU's one-line form `1i text`, or text on the lines after `a\`.
        written?.push(landed(s.slice(i, end).replace(/^[ \t]*\\?\n?/, '')));
        i = end;
        break;
      }
      case '#':
      case 'r':
      case 'R':
      case 'w':
      case 'W':
        i = toLineEnd(s, i);
        break;
      case ':':
      case 'b':
      case 't':
      case 'T':
      case 'v':
        while (i < s.length && !/[;\n]/.test(s.charAt(i))) i++;
        break;
      case DYN:
        // A command known only at run time may be `e`.
        out.push(DYN);
        break;
      default:
        break;
    }
  }
  return capFound(out, MAX_COMMANDS);
}

const STDIN_PATHS = new Set(['-', '/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

function longName(arg: string, full: string): boolean {
  const name = arg.slice(2).split('=')[0] ?? '';
  return name.length >= 3 && full.startsWith(name);
}

/** The scripts `sed …` runs: `-e`/`--expression` values, `-f` files read from stdin, else its first operand. */
export function sedScripts(argv: readonly ArgWord[], stdin: string | null): ArgWord[] {
  const scripts: ArgWord[] = [];
  const operands: ArgWord[] = [];
  let fromFile = false;
  const file = (w: ArgWord | undefined): void => {
    fromFile = true;
    // The parser drops a lone `-` before a heredoc: `-f` with no value reads stdin too.
    if (!w || STDIN_PATHS.has(w.value)) scripts.push({ ...(w ?? syntheticWord('-')), value: stdin ?? DYN });
  };
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (!w) break;
    const v = w.value;
    if (v === '--') {
      operands.push(...argv.slice(i + 1));
      break;
    }
    if (v.startsWith('--')) {
      const eq = v.indexOf('=');
      const value = (): ArgWord | undefined => (eq >= 0 ? { ...w, value: v.slice(eq + 1) } : argv[++i]);
      if (longName(v, 'expression')) {
        const e = value();
        if (e) scripts.push(e);
      } else if (longName(v, 'file')) file(value());
      else if (longName(v, 'line-length') && eq < 0) i++;
      continue;
    }
    if (!v.startsWith('-') || v.length < 2) {
      operands.push(w);
      continue;
    }
    for (let j = 1; j < v.length; j++) {
      const letter = v.charAt(j);
      if (letter === 'i') break;
      if (letter !== 'e' && letter !== 'f' && letter !== 'l') continue;
      const rest = v.slice(j + 1);
      const val = rest !== '' ? { ...w, value: rest } : argv[++i];
      if (letter === 'e' && val) scripts.push(val);
      if (letter === 'f') file(val);
      break;
    }
  }
  if (scripts.length === 0 && !fromFile && operands[0]) scripts.push(operands[0]);
  return scripts;
}
