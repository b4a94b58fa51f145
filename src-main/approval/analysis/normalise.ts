/**
 * Undoes the disguises a command can wear before it is parsed: terminal escape sequences,
 * control characters, Unicode look-alikes, backslashes and empty quotes inside words.
 * Every pass is a single left-to-right scan, so the cost is linear in the input.
 */

import { borrowCodeUnits, borrowUnits, returnCodeUnits } from './codeUnits';
import { PARSE_LIMITS } from './parse';

const ESC = 0x1b;
const BEL = 0x07;

/** Zero-width and bidirectional marks that can hide or reorder what a reader sees. */
const INVISIBLE = new Set([
  0x00ad, 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067,
  0x2068, 0x2069,
]);

/**
 * What stripControls drops or acts on: controls except tab and newline, DEL, C1 and INVISIBLE.
 * A regex finds the next one, so a clean stretch costs a native scan, not a loop per character.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const DROPPED = /[\x00-\x08\x0b-\x1f\x7f-\x9f\xad\u200b-\u200d\u2060\ufeff\u202a-\u202e\u2066-\u2069]/g;
const NON_ASCII = /[\u0080-\uffff]/;

function isDropped(c: number): boolean {
  return !(c === 0x09 || c === 0x0a || (c >= 0x20 && c < 0x7f) || (c > 0x9f && !INVISIBLE.has(c)));
}

/** Index of the next character stripControls acts on at or after `from`, or -1; `codes` are `s`'s. */
function nextDropped(s: string, codes: Uint16Array, from: number): number {
  if (from >= s.length) return -1;
  // Back-to-back sequences are common in escape-laden text: check the next character first.
  if (isDropped(codes[from] ?? 0)) return from;
  DROPPED.lastIndex = from;
  return DROPPED.test(s) ? DROPPED.lastIndex - 1 : -1;
}

/**
 * Only tab, newline and printable ASCII, which neither stripControls nor the NFKC fold changes.
 * Anchored, the engine runs one loop over the class; searching for a character outside it tried a
 * match at every position (a third slower on a megabyte).
 */
const PLAIN_ASCII = /^[\t\n\x20-\x7e]*$/;

export function normaliseCommand(input: string): string {
  // Most commands are plain ASCII: one native pass answers both questions below.
  if (PLAIN_ASCII.test(input)) return unescapeWords(flat(input));
  const stripped = stripControls(input);
  const ascii = !NON_ASCII.test(stripped);
  const folded = ascii ? flat(stripped) : stripControls(stripped.normalize('NFKC'));
  return unescapeWords(folded);
}

/** Texts this long are worth a flat copy; shorter ones are read too little to repay it. */
const FLAT_FROM = 16 * 1024;
/**
 * Longer texts are never parsed: only the pattern checks read them, from a code-unit copy
 * (codeUnits), so a flat copy would be a second megabyte to build and collect for nothing.
 */
const FLAT_TO = PARSE_LIMITS.chars;

/**
 * A long ASCII text as one flat string. A rope or a slice (what concatenation, repeat and slice
 * build) costs an indirection on every character read, and the scans read every character of a
 * long command several times; a one-byte copy costs one native pass. unescapeWords keeps it flat:
 * it returns the text itself or a join of its pieces.
 */
function flat(ascii: string): string {
  return ascii.length >= FLAT_FROM && ascii.length <= FLAT_TO
    ? Buffer.from(ascii, 'latin1').toString('latin1')
    : ascii;
}

/** Skips a control string (OSC, DCS, SOS, PM, APC) up to BEL or ST; returns the next index. */
function skipControlString(s: Uint16Array, i: number): number {
  for (; i < s.length; i++) {
    const c = s[i];
    if (c === BEL || c === 0x9c) return i + 1;
    if (c === ESC && s[i + 1] === 0x5c) return i + 2;
  }
  return i;
}

/** Whether `c` (undefined past the end) lies in [low, high]. */
function within(c: number | undefined, low: number, high: number): boolean {
  return c !== undefined && c >= low && c <= high;
}

/** Skips CSI parameters, intermediates and the final byte; returns the next index. */
function skipCsi(s: Uint16Array, i: number): number {
  while (within(s[i], 0x30, 0x3f)) i++;
  while (within(s[i], 0x20, 0x2f)) i++;
  if (within(s[i], 0x40, 0x7e)) i++;
  return i;
}

/**
 * Drops ANSI/C1 escape sequences, NULs and other control characters except tab and newline.
 * Sequences are read from the code units and the kept runs gathered as in unescapeWords: a
 * megabyte of back-to-back sequences cost a charCodeAt per character and a rope of 200 000 pieces.
 */
export function stripControls(s: string): string {
  DROPPED.lastIndex = 0;
  if (!DROPPED.test(s)) return s;
  const codes = borrowCodeUnits(s);
  const out = s.length <= CODES.length ? CODES : borrowUnits(s.length);
  const kept = new Kept(codes, out);
  let i = DROPPED.lastIndex - 1;
  let from = 0;
  while (i !== -1) {
    const c = codes[i];
    kept.add(from, i);
    let next = i + 1;
    if (c === ESC) {
      const n = codes[i + 1] ?? 0;
      if (n === 0x5b) next = skipCsi(codes, i + 2);
      else if (n === 0x5d || n === 0x50 || n === 0x58 || n === 0x5e || n === 0x5f)
        next = skipControlString(codes, i + 2);
      else if (n >= 0x20 && n <= 0x7e) next = i + 2;
    } else if (c === 0x9b) {
      next = skipCsi(codes, i + 1);
    } else if (c === 0x9d || c === 0x90 || c === 0x98 || c === 0x9e || c === 0x9f) {
      next = skipControlString(codes, i + 1);
    }
    from = next;
    i = nextDropped(s, codes, next);
  }
  kept.add(from, s.length);
  const text = kept.text();
  returnCodeUnits(codes);
  returnCodeUnits(out);
  return text;
}

/** Per ASCII character: 1 for a word break (` \t\n;&|()<>`), 2 for a word character (`[A-Za-z0-9_]`). */
const CHAR = new Uint8Array(128);
for (const c of ' \t\n;&|()<>') CHAR[c.charCodeAt(0)] = 1;
for (let c = 0; c < 128; c++) if (/\w/.test(String.fromCharCode(c))) CHAR[c] = 2;

/** Per ASCII character: 1 unless unescapeWords acts on it outside quotes (`\\`, `'`, `"`, `#`, `$`). */
const ORDINARY = new Uint8Array(128).fill(1);
for (const c of '\\\'"#$') ORDINARY[c.charCodeAt(0)] = 0;

const BACKSLASH = 0x5c;
const SINGLE = 0x27;
const DOUBLE = 0x22;
/** Quoting states: ANSI-C (`$'…'`) strings have backslash escapes and close at a single quote. */
const NONE = 0;
const IN_SINGLE = 1;
const IN_DOUBLE = 2;
const IN_ANSI = 3;

/** Break character; -1 (past either end of the text) is not one. */
function isBreak(c: number): boolean {
  return c < 128 && CHAR[c] === 1;
}

/** How far back a Windows path's first part is looked for: `HKEY_CURRENT_CONFIG` fits. */
const MAX_ROOT = 24;
const WINDOWS_ROOT = /^(?:[a-z]:|hk(?:lm|cu|cr|u|cc|ey_[a-z_]+))$/i;

/** The backslash at `i` ends a word's first part that is a drive (`C:`) or a registry hive (`HKCU`). */
function startsWindowsPath(s: string, codes: Uint16Array, i: number): boolean {
  let p = i - 1;
  for (; p >= 0 && i - p <= MAX_ROOT; p--) {
    const raw = codes[p] ?? 0;
    const c = raw | 0x20;
    if (!((c >= 0x61 && c <= 0x7a) || raw === 0x5f || raw === 0x3a)) break;
  }
  return p < i - 1 && (p < 0 || isBreak(codes[p] ?? 0)) && WINDOWS_ROOT.test(s.slice(p + 1, i));
}

/** Where the word around `i` ends: at a break or a quote. */
function wordEnd(codes: Uint16Array, i: number, n: number): number {
  let j = i;
  while (j < n && isWordish(codes[j] ?? -1)) j++;
  return j;
}

/** Part of a word: not past the end, not a break, not a quote. */
function isWordish(c: number): boolean {
  return c >= 0 && !isBreak(c) && c !== SINGLE && c !== DOUBLE;
}

/**
 * Outside quotes, `\x` for a word character is just `x`, a backslash-newline joins lines, and
 * an empty `''` or `""` glued to a word adds nothing (`r''m` is `rm`). Quoted text is left as
 * written: it is data, or it is analysed again when a shell runs it (`bash -c '…'`).
 */
export function unescapeWords(s: string): string {
  if (!s.includes('\\') && !s.includes("''") && !s.includes('""')) return s;
  const codes = borrowCodeUnits(s);
  const out = s.length <= CODES.length ? CODES : borrowUnits(s.length);
  const kept = new Kept(codes, out);
  let from = 0;
  let state = NONE;
  let wordStart = true;
  const n = s.length;
  /** Backslashes before this index belong to a Windows path and stay. */
  let keepUntil = 0;
  let i = 0;
  while (i < n) {
    const c = codes[i] ?? 0;
    if (state === IN_SINGLE) {
      // Nothing is special inside single quotes but the quote that closes them.
      const end = s.indexOf("'", i);
      i = end === -1 ? n : end + 1;
      state = NONE;
      continue;
    }
    if (state !== NONE) {
      if (c === BACKSLASH) i += 2;
      else {
        if (c === (state === IN_DOUBLE ? DOUBLE : SINGLE)) state = NONE;
        i++;
      }
      continue;
    }
    if (c < 128 && ORDINARY[c] === 1) {
      // A run that changes nothing, read in a tight loop; its last character says whether a word starts.
      let j = i + 1;
      for (let d = codes[j] ?? 0; j < n && d < 128 && ORDINARY[d] === 1; d = codes[++j] ?? 0);
      wordStart = isBreak(codes[j - 1] ?? 0);
      i = j;
      continue;
    }
    const next = codes[i + 1] ?? -1;
    if (c === BACKSLASH) {
      // `C:\Windows`, `HKCU\Software`: a Windows path a model typed into bash keeps its backslashes.
      if (i >= keepUntil && startsWindowsPath(s, codes, i)) keepUntil = wordEnd(codes, i, n);
      if (i >= keepUntil && (next === 0x0a || (next < 128 && CHAR[next] === 2))) {
        kept.add(from, i);
        from = i + (next === 0x0a ? 2 : 1);
      }
      wordStart = false;
      i += 2;
      continue;
    }
    if (
      (c === SINGLE || c === DOUBLE) &&
      next === c &&
      (isWordish(codes[i - 1] ?? -1) || isWordish(codes[i + 2] ?? -1))
    ) {
      kept.add(from, i);
      from = i + 2;
      i += 2;
      continue;
    }
    if (c === 0x23 && wordStart) {
      const nl = s.indexOf('\n', i);
      i = nl === -1 ? n : nl;
      continue;
    }
    if (c === SINGLE) state = IN_SINGLE;
    else if (c === DOUBLE) state = IN_DOUBLE;
    else if (c === 0x24 && next === SINGLE) {
      state = IN_ANSI;
      i++;
    }
    wordStart = isBreak(c);
    i++;
  }
  kept.add(from, n);
  // Nothing dropped (a megabyte of `\\`): the text itself, not a copy in another representation.
  const text = kept.length === n ? s : kept.text();
  returnCodeUnits(codes);
  returnCodeUnits(out);
  return text;
}

/** Where a short text's kept runs are gathered; shared, as nothing nests. Longer texts borrow one. */
const CODES = new Uint16Array(4096);
/** Kept runs longer than this are copied natively; shorter ones one unit at a time. */
const SHORT_RUN = 64;

/**
 * The kept runs of a text, copied one after another into `out` (at least as long as the text) and
 * made a string once: a megabyte of `r''r''…` (a run every three characters) is not a list of
 * 300 000 tiny strings.
 */
class Kept {
  /** Units kept so far. */
  length = 0;

  constructor(
    private readonly units: Uint16Array,
    private readonly out: Uint16Array,
  ) {}

  add(from: number, to: number): void {
    const out = this.out;
    const units = this.units;
    const n = this.length;
    if (to - from > SHORT_RUN) out.set(units.subarray(from, to), n);
    else for (let j = from; j < to; j++) out[n + j - from] = units[j] ?? 0;
    this.length = n + to - from;
  }

  /**
   * Both ways keep lone surrogates as they are. fromCharCode.apply builds an argument per unit,
   * which cost several times the native decode on a long text.
   */
  text(): string {
    const n = this.length;
    const out = this.out;
    return n <= CODES.length
      ? String.fromCharCode.apply(null, out.subarray(0, n) as unknown as number[])
      : Buffer.from(out.buffer, out.byteOffset, 2 * n).toString('utf16le');
  }
}
