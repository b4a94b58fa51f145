/** Words at command positions for the pattern fallback: their values and a per-scan cache. */
import { codeUnits } from './codeUnits';

/** What the scan needs of a word at a command position. */
export interface WordInfo {
  word: string;
  /** The command it names, or '' when no check cares about it. */
  name: string;
  /** `NAME=value`: an assignment, so the command is still to come. */
  assignment: boolean;
  /** What the scan knows about the name, as bits it defines; worked out once per distinct word. */
  kind: number;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
/** Slots in the cache (a power of two); a word whose slot is taken is looked up each time. */
const CACHE_SLOTS = 4096;
/** Longer words name no command the scan knows. */
const MAX_NAME_WORD = 256;

/** The emptied slots of a released cache, for the next one (null while a cache holds them). */
let spareSlots: Array<WordInfo | undefined> | null = null;

/** The cache slot of text[start, end): an FNV-1a hash, folded. */
export function wordSlot(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h ^ (h >>> 12)) & (CACHE_SLOTS - 1);
}

/**
 * Words of one text, cached in slots chosen by a hash of their characters, so a word seen
 * before costs neither a copy nor a string hash. The characters are compared before a cached
 * entry is trusted: a hash collision only costs a fresh lookup.
 */
export class WordCache {
  private readonly slots: Array<WordInfo | undefined> =
    spareSlots ?? new Array<WordInfo | undefined>(CACHE_SLOTS);
  private last: WordInfo | null = null;
  private before: WordInfo | null = null;

  constructor(
    private readonly text: string,
    /** The command a word names, or ''. */
    private readonly nameOf: (word: string) => string,
    /** The scan's bits for a name ('' gets 0 without a call). */
    private readonly kindOf: (name: string) => number = () => 0,
    /** The text's code units, read when a word is compared with a cached one. */
    private readonly units: Uint16Array = codeUnits(text),
  ) {
    if (this.slots === spareSlots) spareSlots = null;
  }

  /**
   * Empties the cache and hands its slots to the next one. A fresh array per cache changed its
   * map once the engine learned its element kind, which threw away the compiled lookup.
   */
  release(): void {
    this.slots.fill(undefined);
    this.last = this.before = null;
    spareSlots = this.slots;
  }

  info(start: number, end: number): WordInfo {
    const text = this.text;
    const units = this.units;
    // A word this long names nothing: not worth hashing every character of it for the cache.
    if (end - start > MAX_NAME_WORD) return wordInfo(text.slice(start, end), '', 0);
    // Long inputs repeat one command (`cat | cat | …`) or alternate two words (`"$(echo "$(echo`):
    // the last two words are checked before hashing.
    const last = this.last;
    if (last && sameText(last.word, units, start, end)) return last;
    const before = this.before;
    if (before && sameText(before.word, units, start, end)) return this.remember(before);
    const slot = wordSlot(text, start, end);
    const cached = this.slots[slot];
    if (cached && sameText(cached.word, units, start, end)) return this.remember(cached);
    const word = text.slice(start, end);
    const name = this.nameOf(word);
    const info = wordInfo(word, name, name === '' ? 0 : this.kindOf(name));
    if (!cached) this.slots[slot] = info;
    return this.remember(info);
  }

  private remember(info: WordInfo): WordInfo {
    this.before = this.last;
    return (this.last = info);
  }
}

function wordInfo(word: string, name: string, kind: number): WordInfo {
  return { word, name, assignment: word.includes('=') && ASSIGNMENT.test(word), kind };
}

function sameText(word: string, units: Uint16Array, start: number, end: number): boolean {
  if (word.length !== end - start) return false;
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) !== units[start + i]) return false;
  return true;
}

/** A word's value with quotes dropped and backslash escapes resolved. */
export function wordValue(raw: string): string {
  if (!raw.includes("'") && !raw.includes('"') && !raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charAt(i);
    if (c === '\\') out += raw.charAt(++i);
    else if (c !== "'" && c !== '"') out += c;
  }
  return out;
}
