/**
 * The pattern fallback's tokens: words and shell operators, read on demand into a small ring.
 * The scan looks at most a few dozen tokens ahead and one behind, so memory stays constant
 * however long the input is, and a 1 MB command costs no per-call arrays of its size.
 */

import { borrowCodeUnits, returnCodeUnits } from './codeUnits';
import { plainlyUnprotectedUnits } from './plainPath';

/** Operator codes; 0 marks a word. */
export const Op = { Word: 0, Separator: 1, Pipe: 2, Open: 3, Close: 4, Write: 5, Read: 6 } as const;
export type Op = (typeof Op)[keyof typeof Op];

/** Per character: 1 blank, 2 operator start, 3 quote or backslash, 0 anything else. */
const CLASS = new Uint8Array(128);
for (const c of ' \t\r') CLASS[c.charCodeAt(0)] = 1;
for (const c of ';&|()<>{}`\n') CLASS[c.charCodeAt(0)] = 2;
for (const c of '\'"\\') CLASS[c.charCodeAt(0)] = 3;

/**
 * Per UTF-16 code unit: 1 where a word ends (CLASS 1 or 2) or may end (`$`, which ends one before
 * `(`), 2 for a backslash, which takes the next character with it; 0 for the rest. A full-range
 * table spares the word loop a range check per character.
 */
const WORD_STOP = new Uint8Array(0x10000);
for (let c = 0; c < 128; c++) if (CLASS[c] === 1 || CLASS[c] === 2) WORD_STOP[c] = 1;
WORD_STOP[0x24] = 1;
WORD_STOP[0x5c] = 2;

/**
 * Per ASCII character: 1 when a word the scan passes over may hold it (skipPlainWords). Blanks,
 * operators, `$`, quotes, backslashes, `#`, controls and non-ASCII end a run of such words.
 */
const PLAIN = new Uint8Array(128);
for (let c = 0x21; c < 0x7f; c++) if (CLASS[c] === 0 && WORD_STOP[c] === 0) PLAIN[c] = 1;
PLAIN[0x23] = 0;

function isPlain(code: number): boolean {
  return code < 128 && PLAIN[code] === 1;
}

function isBlank(code: number): boolean {
  return code < 128 && CLASS[code] === 1;
}

function isQuote(code: number): boolean {
  return code === 0x22 || code === 0x27;
}

/** Tokens kept: well over the scan's reach ahead (its window, the fork-bomb look-ahead) plus one behind. */
const RING = 128;
const MASK = RING - 1;
/** Tokens read past the one asked for; look-ahead (≤ 40) plus this stays well inside RING. */
const BATCH = 32;

/** Operator at `i`, encoded as op * 4 + length (no allocation per token). */
function operatorAt(text: Uint16Array, i: number): number {
  const c = text[i];
  const d = text[i + 1];
  switch (c) {
    case 0x24: // $(
      return Op.Open * 4 + 2;
    case 0x28: // (
    case 0x7b: // {
    case 0x60: // `
      return Op.Open * 4 + 1;
    case 0x29: // )
    case 0x7d: // }
      return Op.Close * 4 + 1;
    case 0x7c: // | || |&
      return d === 0x7c ? Op.Separator * 4 + 2 : Op.Pipe * 4 + (d === 0x26 ? 2 : 1);
    case 0x26: // & && &> &>>
      if (d === 0x26) return Op.Separator * 4 + 2;
      if (d === 0x3e) return Op.Write * 4 + (text[i + 2] === 0x3e ? 3 : 2);
      return Op.Separator * 4 + 1;
    case 0x3e: // > >> >| >&
      return Op.Write * 4 + (d === 0x3e || d === 0x7c || d === 0x26 ? 2 : 1);
    case 0x3c: // < << <<<
      return Op.Read * 4 + (d !== 0x3c ? 1 : text[i + 2] === 0x3c ? 3 : 2);
    default: // ; ;; newline
      return Op.Separator * 4 + (c === 0x3b && d === 0x3b ? 2 : 1);
  }
}

/**
 * Token k of the text, read when first asked for. Past the last token a token reads as an
 * empty word at 0, so look-ahead needs no bounds checks of its own.
 */
export class Tokens {
  private readonly starts = new Int32Array(RING);
  private readonly ends = new Int32Array(RING);
  private readonly ops = new Uint8Array(RING);
  /** Tokens read so far. */
  private count = 0;
  private pos = 0;

  /**
   * The text's UTF-16 code units. Reading a typed array in the scanning loops is several times
   * faster than charCodeAt on the string, which checks the string's kind on every call.
   */
  readonly codes: Uint16Array;

  constructor(readonly text: string) {
    this.codes = borrowCodeUnits(text);
  }

  /** Hands the code units back for the next long text; nothing may read this object after. */
  release(): void {
    returnCodeUnits(this.codes);
  }

  /** Whether token k exists. Only the newest RING tokens are kept: callers move forward. */
  has(k: number): boolean {
    return k < this.count || this.readTo(k);
  }

  op(k: number): Op {
    return (k < this.count || this.readTo(k) ? this.ops[k & MASK] : Op.Word) as Op;
  }

  start(k: number): number {
    return k < this.count || this.readTo(k) ? (this.starts[k & MASK] ?? 0) : 0;
  }

  end(k: number): number {
    return k < this.count || this.readTo(k) ? (this.ends[k & MASK] ?? 0) : 0;
  }

  raw(k: number): string {
    return this.text.slice(this.start(k), this.end(k));
  }

  /** Whether word k plainly names no protected path (paths.ts protectedTarget's quick no). */
  plainlyUnprotected(k: number): boolean {
    return plainlyUnprotectedUnits(this.codes, this.text, this.start(k), this.end(k));
  }

  /** Whether k is the newest token read: no look-ahead has read past it. */
  isNewest(k: number): boolean {
    return k === this.count - 1;
  }

  /**
   * Called on word k when the scan passes it over (not at a command position): drops the words
   * after it that the scan would pass over as well, without making tokens of them. Only words
   * of plain characters that neither start with `-` (`find … -exec`) nor end the run are dropped:
   * the last word before anything else (an operator, a quote, the end) stays a token, so what
   * follows sees the same token behind it. Works only when k is the newest token read, so no
   * look-ahead has seen the words dropped.
   */
  skipPlainWords(k: number): void {
    if (!this.isNewest(k)) return;
    const text = this.codes;
    const n = text.length;
    let i = this.pos;
    let next = i;
    while (next < n && isBlank(text[next] ?? 0)) next++;
    while (next > i && next < n && text[next] !== 0x2d) {
      let end = next;
      while (end < n && isPlain(text[end] ?? 0)) end++;
      let after = end;
      while (after < n && isBlank(text[after] ?? 0)) after++;
      // Dropped only when whole (a blank ends it) and followed by another plain word.
      if (end === next || after === end || after >= n || !isPlain(text[after] ?? 0)) break;
      i = end;
      next = after;
    }
    this.pos = i;
  }

  /**
   * Called on a closing token k: drops the `")` and `')` pairs right after it (each quote followed
   * by a run of `)`) and returns how many `)` they held. A lone quote between closers changes
   * nothing the scan keeps, so the scan applies those closes at once. No token looks back past
   * a closer for a word, so none is kept; only when k is the newest token read (skipPlainWords).
   */
  skipQuotedCloses(k: number): number {
    if (!this.isNewest(k)) return 0;
    const text = this.codes;
    const n = text.length;
    let i = this.pos;
    let closes = 0;
    while (isQuote(text[i] ?? 0) && text[i + 1] === 0x29) {
      let end = i + 1;
      while (end < n && text[end] === 0x29) end++;
      closes += end - i - 1;
      i = end;
    }
    this.pos = i;
    return closes;
  }

  /** Reads through token k and a batch beyond it, so most look-ups need no call. */
  private readTo(k: number): boolean {
    while (k >= this.count) if (!this.read()) return false;
    for (let i = 0; i < BATCH && this.read(); i++);
    return true;
  }

  private read(): boolean {
    const text = this.codes;
    const n = text.length;
    let i = this.pos;
    while (i < n) {
      const code = text[i] ?? 0;
      if (code < 128 && CLASS[code] === 1) i++;
      else break;
    }
    if (i >= n) {
      this.pos = n;
      return false;
    }
    const slot = this.count++ & MASK;
    this.starts[slot] = i;
    const code = text[i] ?? 0;
    if ((code < 128 && CLASS[code] === 2) || (code === 0x24 && text[i + 1] === 0x28)) {
      const encoded = operatorAt(text, i);
      this.ops[slot] = encoded >> 2;
      i += encoded & 3;
      // A run of `(`, of `)` or of `$(` is one token whose length is its depth (twice it for
      // `$(`): a 1 MB nest costs one token per run instead of one per opening.
      if (code === 0x28 || code === 0x29) while (i < n && text[i] === code) i++;
      else if (code === 0x24) while (text[i] === 0x24 && text[i + 1] === 0x28) i += 2;
      this.ends[slot] = i;
      this.pos = i;
      return true;
    }
    this.ops[slot] = Op.Word;
    while (i < n) {
      const stop = WORD_STOP[text[i] ?? 0];
      if (stop === 0) i++;
      else if (stop === 2) i += 2;
      else if (text[i] !== 0x24 || text[i + 1] === 0x28) break;
      else i++;
    }
    this.pos = Math.min(i, n);
    this.ends[slot] = this.pos;
    return true;
  }
}
