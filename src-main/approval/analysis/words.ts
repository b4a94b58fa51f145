/**
 * Static values of shell words. A part whose value is only known at run time (a variable, a
 * command substitution) is written as DYN, so rules can still read the known parts around it.
 */

/** Marks an unknown part of a word (a private-use character no shell gives meaning to). */
export const DYN = '\uE000';

/** One word of a simple command, as analysis sees it. */
export interface ArgWord {
  /** Static value with DYN for unknown parts. */
  value: string;
  /** Source text as written. */
  raw: string;
  start: number;
  end: number;
  quoted: boolean;
  /** Unwrapped names of the commands that substitutions inside this word run. */
  runs: string[];
}

/** At most `max` commands found in carried code; past that, one unknown command stands for the rest. */
export function capFound(found: string[], max: number): string[] {
  return found.length > max ? [...found.slice(0, max), DYN] : found;
}

export function isDynamic(value: string): boolean {
  return value.includes(DYN);
}

/** A word made up for analysis (an argument of `find -exec`, a split string). */
export function syntheticWord(value: string, start = 0, end = 0): ArgWord {
  return { value, raw: value, start, end, quoted: false, runs: [] };
}

/** Value of an unquoted word: `\x` is `x`, a backslash-newline vanishes. */
export function unescapeBare(text: string): string {
  if (!text.includes('\\')) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = text.charAt(i + 1);
    if (next !== '\n') out += next;
    i++;
  }
  return out;
}

/** Value of literal text inside double quotes: only `\$ \` \" \\` and backslash-newline are escapes. */
export function unescapeDouble(text: string): string {
  if (!text.includes('\\')) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    const next = text.charAt(i + 1);
    if (ch === '\\' && (next === '$' || next === '`' || next === '"' || next === '\\' || next === '\n')) {
      if (next !== '\n') out += next;
      i++;
    } else out += ch;
  }
  return out;
}

const C_ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** Value of a `$'…'` string (body without the quotes). */
export function decodeAnsiC(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body.charAt(i);
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = body.charAt(i + 1);
    const simple = C_ESCAPES[next];
    if (simple !== undefined) {
      out += simple;
      i++;
      continue;
    }
    const hex = /^(?:x([0-9a-fA-F]{1,2})|u([0-9a-fA-F]{1,4})|U([0-9a-fA-F]{1,8})|([0-7]{1,3}))/.exec(
      body.slice(i + 1, i + 11),
    );
    if (hex) {
      const digits = hex[1] ?? hex[2] ?? hex[3];
      const code = digits !== undefined ? parseInt(digits, 16) : parseInt(hex[4] ?? '0', 8);
      out += code <= 0x10ffff ? String.fromCodePoint(code) : '';
      i += hex[0].length;
      continue;
    }
    out += ch;
  }
  return out;
}

const BRACE_LIMIT = 64;

/** Finds the first innermost `{…,…}` group by a single scan. */
function braceGroup(v: string): { open: number; close: number } | null {
  let open = -1;
  for (let i = 0; i < v.length; i++) {
    const ch = v.charAt(i);
    if (ch === '{') open = i;
    else if (ch === '}' && open >= 0) {
      if (v.slice(open, i).includes(',')) return { open, close: i };
      open = -1;
    }
  }
  return null;
}

/** Expands `{a,b}` alternatives (bounded); words without them come back alone. */
export function expandBraces(value: string): string[] {
  if (value.length > 4096 || !value.includes('{')) return [value];
  let results = [value];
  for (let round = 0; round < 8; round++) {
    const next: string[] = [];
    let changed = false;
    for (const v of results) {
      const g = braceGroup(v);
      if (!g) {
        next.push(v);
        continue;
      }
      changed = true;
      for (const alt of v.slice(g.open + 1, g.close).split(','))
        next.push(v.slice(0, g.open) + alt + v.slice(g.close + 1));
    }
    results = next.slice(0, BRACE_LIMIT);
    if (!changed) break;
  }
  return results;
}

/** The command a word names: basename, lower-cased (macOS file systems ignore case). */
export function commandName(value: string): string {
  const slash = value.lastIndexOf('/');
  const base = slash >= 0 ? value.slice(slash + 1) : value;
  // `$(npm bin)/eslint` names eslint; only an unknown last part makes the command unknowable.
  if (base === '' || isDynamic(base)) return '';
  const lower = base.toLowerCase();
  return lower.endsWith('.exe') ? lower.slice(0, -4) : lower;
}

const GNU_PREFIXED = new Set([
  'rm',
  'tar',
  'find',
  'sed',
  'chmod',
  'chown',
  'chgrp',
  'dd',
  'shred',
  'truncate',
  'tee',
  'cp',
  'mv',
  'ln',
  'install',
  'timeout',
  'env',
  'nice',
  'xargs',
  'kill',
  'stdbuf',
]);

const INTERPRETER_INITIALS = new Set(['p', 'r', 'n', 'l', 't', 'w']);

/** Folds versioned and prefixed names onto the name rules know (`python3.12`, `mkfs.ext4`, `grm`). */
export function familyName(name: string): string {
  if (name.startsWith('mkfs.')) return 'mkfs';
  // Only names starting with an interpreter's first letter can match: most skip the pattern.
  const m = INTERPRETER_INITIALS.has(name.charAt(0))
    ? /^(python|pypy|perl|ruby|php|node|lua|tclsh|wish)(?:js)?[\d.]*$/.exec(name)
    : null;
  if (m) return m[1] === 'pypy' ? 'python' : (m[1] ?? name);
  if (name.length > 1 && name.startsWith('g') && GNU_PREFIXED.has(name.slice(1))) return name.slice(1);
  return name;
}

/** The values of `words`, in a loop: `map` with a callback cost more for a few words. */
export function wordValues(words: readonly ArgWord[]): string[] {
  const out: string[] = [];
  for (const w of words) out.push(w.value);
  return out;
}
