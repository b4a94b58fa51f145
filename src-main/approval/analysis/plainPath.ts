/**
 * The quick "plainly not protected" answer for path words, read in place from a longer text, and
 * the top-level directories it guards.
 */

/** Top-level directories whose loss breaks the system or destroys user data (not /tmp). */
export const SYSTEM_TOP: ReadonlySet<string> = new Set([
  'bin',
  'boot',
  'dev',
  'etc',
  'home',
  'lib',
  'lib32',
  'lib64',
  'libx32',
  'media',
  'mnt',
  'nix',
  'opt',
  'proc',
  'root',
  'run',
  'sbin',
  'snap',
  'srv',
  'sys',
  'usr',
  'var',
  'applications',
  'library',
  'system',
  'users',
  'volumes',
  'private',
  'cores',
]);

/** Characters of a plain top-level directory name: letters, digits, `_`, `-`. */
function isNameChar(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x30 && c <= 0x39) ||
    c === 0x5f ||
    c === 0x2d
  );
}

/**
 * A quick no for ordinary paths, read from text[start, end) without copies or brace expansion: a
 * relative path no brace can make absolute, or an absolute one whose top directory is a plain
 * name outside SYSTEM_TOP. Anything that could change that top (a brace, a `/.` that may start a
 * `..` segment, quotes, escapes, expansions) or an option that could be `--no-preserve-root`
 * gets no quick answer.
 */
export function plainlyUnprotected(text: string, start = 0, end = text.length): boolean {
  const c = text.charCodeAt(start);
  let i = start + 1;
  if (c === 0x2f) {
    while (i < end && isNameChar(text.charCodeAt(i))) i++;
    if (i === start + 1 || (i < end && text.charCodeAt(i) !== 0x2f)) return false;
    if (isSystemTop(text, start + 1, i)) return false;
  } else if (!isPlainChar(c) || (c === 0x2d && text.charCodeAt(i) === 0x2d)) return false;
  for (; i < end; i++) {
    const d = text.charCodeAt(i);
    if (!isPlainChar(d) || (d === 0x2f && i + 1 < end && text.charCodeAt(i + 1) === 0x2e)) return false;
  }
  return true;
}

/** plainlyUnprotected over `units`, the code units of `text` (the fallback scan's copy). */
export function plainlyUnprotectedUnits(
  units: Uint16Array,
  text: string,
  start: number,
  end: number,
): boolean {
  const c = units[start] ?? -1;
  let i = start + 1;
  if (c === 0x2f) {
    while (i < end && isNameChar(units[i] ?? -1)) i++;
    if (i === start + 1 || (i < end && units[i] !== 0x2f)) return false;
    if (isSystemTopUnits(units, text, start + 1, i)) return false;
  } else if (!isPlainChar(c) || (c === 0x2d && units[i] === 0x2d)) return false;
  for (; i < end; i++) {
    // One table read per character: this loop runs over every word of a long chain of deletes.
    const d = units[i] ?? 0;
    const mark = d < 128 ? PATH_MARK[d] : 0;
    if (mark === 1 || (mark === 2 && i + 1 < end && units[i + 1] === 0x2e)) return false;
  }
  return true;
}

const LONGEST_TOP = Math.max(...[...SYSTEM_TOP].map((name) => name.length));
/** The last top directory looked up and its answer: long chains name one top again and again. */
let lastTop = '';
let lastTopIsSystem = false;

/** Whether text[from, to) names a SYSTEM_TOP directory, in any case; copies only a new name. */
function isSystemTop(text: string, from: number, to: number): boolean {
  if (to - from > LONGEST_TOP) return false;
  if (to - from === lastTop.length && text.startsWith(lastTop, from)) return lastTopIsSystem;
  lastTop = text.slice(from, to);
  lastTopIsSystem = SYSTEM_TOP.has(lastTop.toLowerCase());
  return lastTopIsSystem;
}

/**
 * isSystemTop over code units: the repeat test reads the typed array, not the text (startsWith at
 * an offset into a long sliced string cost more than the rest of the quick answer).
 */
function isSystemTopUnits(units: Uint16Array, text: string, from: number, to: number): boolean {
  const length = to - from;
  if (length > LONGEST_TOP) return false;
  if (length === lastTop.length) {
    let i = 0;
    while (i < length && units[from + i] === lastTop.charCodeAt(i)) i++;
    if (i === length) return lastTopIsSystem;
  }
  return isSystemTop(text, from, to);
}

/** Per ASCII code: 1 for a brace, a home `~`, a quote, an escape or the start of an expansion; 2 for `/`. */
const PATH_MARK = new Uint8Array(128);
for (const c of '{~"\'\\$`') PATH_MARK[c.charCodeAt(0)] = 1;
PATH_MARK[0x2f] = 2;

/** Neither a brace, a home `~`, a quote, an escape nor the start of an expansion. */
function isPlainChar(c: number): boolean {
  return !(c >= 0 && c < 128 && PATH_MARK[c] === 1);
}
