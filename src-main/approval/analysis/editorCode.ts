/**
 * Commands an editor or pager runs from its command line: vim's `-c`, `--cmd` and `+cmd` Ex
 * commands (`:!cmd`, `:r !cmd`, `:w !cmd`, `:%!cmd`, `:terminal cmd`, `system(…)`) and less's
 * `+!cmd` and `+|mcmd`. Only the shell part is returned; the walker analyses it.
 */
import { embeddedShellCode } from './embedded';
import type { Nested } from './unwrap';
import type { ArgWord } from './words';
import { capFound } from './words';

const MAX_DEPTH = 4;
const MAX_COMMANDS = 32;
/** A line range before an Ex command: `%`, `.`, `$`, `1,5`, `'a`, `/pat/`, offsets. */
const RANGE = /^(?:[%.$,;\s]|\d+|[+-]\d*|'[a-zA-Z<>[\]]|\/[^/]*\/|\?[^?]*\?){0,16}/;
const MODIFIERS =
  /^(?:(?:sil(?:e(?:nt?)?)?!?|uns(?:i(?:l(?:e(?:nt?)?)?)?)?|noa(?:u(?:t(?:o(?:c(?:md?)?)?)?)?)?|keep\w*|lockm\w*|verb(?:o(?:s(?:e)?)?)?\d*)\s+){0,8}/;
const READ = /^r(?:e(?:ad?)?)?\s*!/;
const WRITE = /^w(?:r(?:i(?:te?)?)?)?\s+!/;
const TERMINAL = /^ter(?:m(?:i(?:n(?:al?)?)?)?)?!?\s+(?:\+\+\S+\s+){0,8}/;
const EXECUTE = /^exe(?:c(?:u(?:te?)?)?)?\s+(["'])/;

/** Length of the colons, range and modifiers before an Ex command's name. */
function leadLength(seg: string): number {
  let n = /^[\s:]*/.exec(seg)?.[0].length ?? 0;
  n += RANGE.exec(seg.slice(n))?.[0].length ?? 0;
  n += /^[\s:]*/.exec(seg.slice(n))?.[0].length ?? 0;
  // `silent! cmd`: the bang belongs to the modifier when a space follows.
  return n + (MODIFIERS.exec(seg.slice(n))?.[0].length ?? 0);
}

/**
 * Shell commands a string of Ex commands runs, `|` separating commands that are not `!`.
 * One pass; past the cap, one unknown command stands for the rest.
 */
/** Vim's `delete(path, "rf")`, which deletes a directory tree. */
const DELETE_TREE = /\bdelete\s*\(\s*(['"])([^'"\n]{0,4096})\1\s*,\s*['"]rf['"]\s*\)/;

export function exShellCommands(text: string, depth = 0): string[] {
  const out: string[] = [];
  let pos = 0;
  while (pos < text.length && out.length <= MAX_COMMANDS) {
    const bar = text.indexOf('|', pos);
    const seg = text.slice(pos, bar < 0 ? text.length : bar);
    const lead = leadLength(seg);
    const cmd = seg.slice(lead);
    const bang = cmd.startsWith('!') ? 1 : (READ.exec(cmd) ?? WRITE.exec(cmd))?.[0].length;
    if (bang !== undefined) {
      // A filter or shell command takes the rest of the line, bars included.
      out.push(text.slice(pos + lead + bang).trim());
      break;
    }
    const exe = EXECUTE.exec(cmd);
    const quote = exe?.[1];
    if (exe && quote) {
      // A quoted string may hold bars; it ends at its closing quote.
      const from = pos + lead + exe[0].length;
      const close = text.indexOf(quote, from);
      const inner = text.slice(from, close < 0 ? text.length : close);
      if (depth < MAX_DEPTH) out.push(...exShellCommands(inner, depth + 1));
      const next = close < 0 ? -1 : text.indexOf('|', close);
      pos = next < 0 ? text.length : next + 1;
      continue;
    }
    const term = TERMINAL.exec(cmd);
    if (term) out.push(cmd.slice(term[0].length));
    else out.push(...embeddedShellCode(cmd, 'awk'));
    // `call delete("src", "rf")` removes a tree like `rm -rf src`.
    const tree = DELETE_TREE.exec(cmd);
    if (tree) out.push(`rm -rf '${(tree[2] ?? '').replace(/'/g, '')}'`);
    pos = bar < 0 ? text.length : bar + 1;
  }
  return capFound(
    out.filter((c) => c.trim() !== ''),
    MAX_COMMANDS,
  );
}

const code =
  (w: ArgWord) =>
  (text: string): Nested => ({ kind: 'code', text, words: [w] });

/** Short vim options that take a value, besides `-c`. */
const VIM_VALUED = 'STuUiwWtq';
const VIM_LONG_VALUED = new Set(['--startuptime', '--listen', '--servername', '--remote-send']);

export function vimCode(name: string, argv: readonly ArgWord[]): Nested[] {
  const out: Nested[] = [];
  let exMode = name === 'ex' || name === 'exim';
  const ex = (w: ArgWord | undefined): void => {
    if (w) out.push(...exShellCommands(w.value).map(code(w)));
  };
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (!w || w.value === '--') break;
    const v = w.value;
    if (v === '--cmd' || v === '--remote-expr') ex(argv[++i]);
    else if (VIM_LONG_VALUED.has(v)) i++;
    else if (v.startsWith('+')) {
      // `+N` and `+/pattern` move the cursor; anything else is an Ex command.
      if (!/^\+(?:\d*|\/.*|\?.*)$/.test(v)) ex({ ...w, value: v.slice(1) });
    } else if (v.startsWith('-') && !v.startsWith('--')) {
      for (let j = 1; j < v.length; j++) {
        const letter = v.charAt(j);
        if (letter === 'e' || letter === 'E') exMode = true;
        if (letter === 's' && exMode) continue;
        if (letter !== 'c' && letter !== 's' && !VIM_VALUED.includes(letter)) continue;
        const rest = v.slice(j + 1);
        const value = rest !== '' ? { ...w, value: rest } : argv[++i];
        if (letter === 'c') ex(value);
        break;
      }
    }
  }
  return out;
}

/** `less +cmd`: `!cmd` runs a shell command, `|m cmd` pipes to one. */
export function lessCode(argv: readonly ArgWord[]): Nested[] {
  const out: Nested[] = [];
  for (const w of argv.slice(1)) {
    if (w.value === '--') break;
    if (!w.value.startsWith('+')) continue;
    const cmd = w.value.replace(/^\++/, '');
    const shell = cmd.startsWith('!') ? cmd.slice(1) : cmd.startsWith('|') ? cmd.slice(2) : '';
    if (shell.trim() !== '') out.push(code(w)(shell));
  }
  return out;
}

/** An ed command line that runs a shell: `!cmd`, `r !cmd`, `w !cmd`, `e !cmd`, after an address. */
const ED_SHELL = /^[ \t]*(?:[\d.,;$%+-]{1,32}[ \t]*)?(?:[rwWe][ \t]*)?!(.+)$/;
const ED_LINES = 64;

/** `ed` reads its commands on stdin: the shell commands in the static input it is given. */
export function edCode(argv: readonly ArgWord[], stdin: string | null): Nested[] {
  const anchor = argv[0];
  if (!anchor || stdin === null) return [];
  const found: string[] = [];
  for (const line of stdin.split('\n', ED_LINES)) {
    const m = ED_SHELL.exec(line);
    if (m?.[1]?.trim()) found.push(m[1]);
  }
  return capFound(found, MAX_COMMANDS).map(code(anchor));
}
