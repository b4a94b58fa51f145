/** State of one judgement: segments and their hits, variables seen so far, the parse budget. */
import type { ParseBudget, SyntaxNode } from './parse';
import { newParseBudget } from './parse';
import { canonicalPath, resolvePath } from './paths';
import { LazyMap, LazySet } from './lazyMap';
import { ruleFor } from './rules/registry';
import type { HitSink } from './rules/types';
import type { Segment, Verdict, VerdictLevel } from './verdict';
import type { ArgWord } from './words';
import { DYN, isDynamic } from './words';
import { NOT_ELEVATED } from './elevation';

/** What the analysis knows about where the command runs. */
export interface AnalysisOptions {
  /** The task's working directory, when known. */
  cwd?: string;
  /** The folder the session may change freely; defaults to `cwd`. Writes elsewhere are asked about. */
  workspace?: string;
}

/** Where a piece of shell text sits in the normalised top-level command. */
export interface Source {
  text: string;
  /** Offset of `text` in the top-level command, or null when it was transformed (quotes, escapes). */
  base: number | null;
  /** Span in the top-level command to report when `base` is null. */
  span: readonly [number, number];
}

interface Draft {
  text: string;
  start: number;
  end: number;
  /**
   * The first rule key hit and its details (a few at most: reasons explain, they need not
   * enumerate); null until a hit. Most segments have one key, which needs no map.
   */
  key: string | null;
  details: Array<string | undefined> | null;
  /** Keys after the first, with their details; null until a second key is hit. */
  more: Map<string, Array<string | undefined>> | null;
  words: string[];
  command: string[];
}

const MAX_SEGMENTS = 2000;
const MAX_REASONS = 100;
const MAX_DETAILS = 3;
const MAX_WRITES = 64;
/** How deep shells-in-shells (`bash -c "eval '…'"`) are followed. */
export const MAX_NESTING = 8;

/**
 * Nested code the whole analysis may walk: every alias expansion, `eval`, `sh -c` string and code
 * fed to a shell costs its length plus `each`, against `base` plus `perChar` per character of the
 * command. The nesting cap bounds depth, not fan-out: an alias calling the previous one three
 * times, eight deep, is 6561 walks of a short command. Past the budget, nested code is judged by
 * the pattern checks (while `scanBase` plus the command's length lasts) and asked about.
 */
const EXPANSION_LIMITS = { base: 2048, perChar: 4, each: 64, scanBase: 4096 } as const;

function shown(w: ArgWord): string {
  return isDynamic(w.value) ? w.raw : w.value;
}

export class AnalysisContext {
  readonly budget: ParseBudget = newParseBudget();
  readonly env = new LazyMap<string, string>();
  readonly downloads = new LazySet<string>();
  /** Files this command line wrote with known text (`echo 'rm -rf ~' > x.sh`), for when it runs them. */
  readonly written = new LazyMap<string, string>();
  /** Known output of `<( … )` by its text (`bash <(echo 'rm -rf src')`), for when it is run as a script. */
  readonly fed = new LazyMap<string, string>();
  /** Git remotes pointed at an address earlier in the command (`git remote add x https://…`). */
  readonly remotes = new LazySet<string>();
  /** Aliases defined earlier in the command (`alias ll='rm -rf'; ll src`). */
  readonly aliases = new LazyMap<string, string>();
  /** Directory set by the last static `cd` (or the task's cwd); null when unknown. */
  cwd: string | null;
  /** Set once a `cd` may have led out of the workspace; relative paths then prove nothing. */
  cwdLeft = false;
  readonly workspace: string | null;
  depth = 0;
  /** The elevator (`sudo`) the nested code being walked runs under; see elevation.ts. */
  elevation: readonly string[] = NOT_ELEVATED;
  /**
   * Inside the body of a loop over lines or words a command produces (`for f in $(git ls-files)`,
   * `while read f`): what it does to `"$f"` it does to every item, like `xargs`.
   */
  listLoop = false;
  /** Function bodies being walked; positional parameters are unknown inside them. */
  functionDepth = 0;
  parsed = true;
  /** Trees of nested code parsed so far (null: it could not be parsed), by normalised text. */
  nestedTrees: Map<string, SyntaxNode | null> | null = null;
  /** Characters of nested code this analysis may walk, `each` counted per walk. */
  readonly expansionLimit: number;
  private expansionLeft: number;
  private scanLeft: number;
  /** Made when first needed: most commands have no nested code, and each judgement counts. */
  private scanned: Set<string> | null = null;
  private readonly drafts: Draft[] = [];
  /** Static paths the command changes, absolute. */
  private writes: Set<string> | null = null;
  private overflow: Draft | null = null;
  private lastSink: SegmentSink | null = null;

  constructor(
    readonly top: string,
    options: AnalysisOptions = {},
  ) {
    this.cwd = options.cwd ?? null;
    this.workspace = options.workspace ?? options.cwd ?? null;
    this.expansionLimit = EXPANSION_LIMITS.base + EXPANSION_LIMITS.perChar * top.length;
    this.expansionLeft = this.expansionLimit;
    this.scanLeft = EXPANSION_LIMITS.scanBase + top.length;
  }

  /** Charges a walk of `length` characters of nested code; false once the budget is spent, for good. */
  expand(length: number): boolean {
    this.expansionLeft -= length + EXPANSION_LIMITS.each;
    return this.expansionLeft >= 0;
  }

  /** Whether nested code may still be walked. */
  canExpand(): boolean {
    return this.expansionLeft >= 0;
  }

  /** Charges a pattern scan of nested code left unwalked; false if it was scanned or the allowance is spent. */
  scan(code: string): boolean {
    const cost = code.length + EXPANSION_LIMITS.each;
    const scanned = (this.scanned ??= new Set());
    if (cost > this.scanLeft || scanned.has(code)) return false;
    this.scanLeft -= cost;
    scanned.add(code);
    return true;
  }

  span(src: Source, start: number, end: number): [number, number] {
    return src.base === null ? [src.span[0], src.span[1]] : [src.base + start, src.base + end];
  }

  /** Opens a segment for a part of `src`; returns its handle. */
  segment(
    src: Source,
    start: number,
    end: number,
    words: readonly ArgWord[],
    command: readonly ArgWord[],
  ): number {
    const s = src.base === null ? src.span[0] : src.base + start;
    const e = src.base === null ? src.span[1] : src.base + end;
    if (this.drafts.length < MAX_SEGMENTS) {
      const shownWords = shownAll(words);
      return (
        this.drafts.push({
          text: src.text.slice(start, end),
          start: s,
          end: e,
          key: null,
          details: null,
          more: null,
          words: shownWords,
          command: command === words ? shownWords : shownAll(command),
        }) - 1
      );
    }
    // Past the cap, the rest share one segment with no words, which no allow rule can cover.
    this.overflow ??= newOverflow(s, e);
    this.overflow.end = Math.max(this.overflow.end, e);
    return -1;
  }

  setCommand(seg: number, command: readonly ArgWord[]): void {
    const d = this.draft(seg);
    if (d !== this.overflow && !sameShown(d.command, command)) d.command = shownAll(command);
  }

  hit(seg: number, key: string, detail?: string): void {
    const d = this.draft(seg);
    if (d.key === null) {
      d.key = key;
      d.details = [detail];
      return;
    }
    const list = key === d.key ? d.details : d.more?.get(key);
    if (!list) (d.more ??= new Map()).set(key, [detail]);
    else if (list.length < MAX_DETAILS && !list.includes(detail)) list.push(detail);
  }

  /** The sink of a segment; asked for the same segment again (pipeline checks do), the same one. */
  sink(seg: number): HitSink {
    if (this.lastSink === null || this.lastSink.seg !== seg) this.lastSink = new SegmentSink(this, seg);
    return this.lastSink;
  }

  /** Notes a path the command changes, when it is known and can be made absolute. */
  changes(path: string): void {
    if (path === '' || isDynamic(path) || path.startsWith('~')) return;
    if (this.writes !== null && this.writes.size >= MAX_WRITES) return;
    const absolute = resolvePath(this.cwd, path);
    if (absolute.startsWith('/')) (this.writes ??= new Set()).add(canonicalPath(absolute));
  }

  private draft(seg: number): Draft {
    return (seg >= 0 ? this.drafts[seg] : undefined) ?? (this.overflow ??= newOverflow(0, this.top.length));
  }

  verdict(): Verdict {
    const all = this.overflow
      ? [...this.drafts, { ...this.overflow, text: this.top.slice(this.overflow.start, this.overflow.end) }]
      : this.drafts;
    const tally = new Tally();
    // Plain loops: for-of over a Map allocates an entry pair per key, and a closure per segment
    // was thousands per long command; the segments made here must live until the verdict is returned.
    const segments: Segment[] = new Array<Segment>(all.length);
    for (let i = 0; i < all.length; i++) {
      const d = all[i] as Draft;
      // Most segments have one key: a literal of one is its exact size, where push reserves 17.
      const segKeys = d.key === null ? [] : [d.key];
      if (d.key !== null) tally.add(d.key, d.details ?? [], d.text);
      if (d.more !== null) tally.addMore(d.more, segKeys, d.text);
      segments[i] = {
        text: d.text,
        start: d.start,
        end: d.end,
        keys: segKeys,
        words: d.words,
        command: d.command,
      };
    }
    const verdict: Verdict = {
      verdict: tally.level,
      keys: tally.keys,
      reasons: tally.reasons,
      segments,
      parsed: this.parsed,
    };
    if (this.writes !== null && this.writes.size > 0) verdict.writes = [...this.writes];
    return verdict;
  }
}

/** The segment past the cap that the rest share, with no words, which no allow rule can cover. */
function newOverflow(start: number, end: number): Draft {
  return { text: '', start, end, key: null, details: null, more: null, words: [], command: [] };
}

/** The keys, reasons and level of a verdict, gathered segment by segment. */
class Tally {
  readonly keys: string[] = [];
  readonly reasons: string[] = [];
  level: VerdictLevel = 'safe';

  add(key: string, details: ReadonlyArray<string | undefined>, text: string): void {
    if (!this.keys.includes(key)) this.keys.push(key);
    const rule = ruleFor(key);
    if (rule?.hardline) this.level = 'hardline';
    else if (this.level === 'safe') this.level = 'dangerous';
    const reasons = this.reasons;
    // Past the cap no reason is added: building them for thousands of segments cost a scan.
    for (const detail of details) {
      if (reasons.length >= MAX_REASONS) break;
      const reason = `${rule?.description ?? key}: ${clip(detail ?? text)}`;
      if (!reasons.includes(reason)) reasons.push(reason);
    }
  }

  /** A segment's keys after its first, added to `segKeys` too. */
  addMore(more: Map<string, Array<string | undefined>>, segKeys: string[], text: string): void {
    more.forEach((details, key) => {
      segKeys.push(key);
      this.add(key, details, text);
    });
  }
}

/** The sink of one segment: an object of a class, so handing one out creates no closures. */
class SegmentSink implements HitSink {
  constructor(
    private readonly ctx: AnalysisContext,
    readonly seg: number,
  ) {}

  hit(key: string, detail?: string): void {
    this.ctx.hit(this.seg, key, detail);
  }

  changes(path: string): void {
    this.ctx.changes(path);
  }
}

/** The words as shown in a segment; a loop, as `map` with a callback costs more for a few words. */
function shownAll(words: readonly ArgWord[]): string[] {
  const out: string[] = [];
  for (const w of words) out.push(shown(w));
  return out;
}

/** True when `words` show as `shownWords`: most commands unwrap to the words they were written with. */
function sameShown(shownWords: readonly string[], words: readonly ArgWord[]): boolean {
  if (shownWords.length !== words.length) return false;
  for (let i = 0; i < words.length; i++) if (shown(words[i] as ArgWord) !== shownWords[i]) return false;
  return true;
}

function clip(s: string): string {
  const cut = s.length > 400 ? s.slice(0, 400) : s;
  const one = isTidy(cut) ? cut : cut.split(DYN).join('…').replace(/\s+/g, ' ').trim();
  return one.length > 120 ? `${one.slice(0, 117)}…` : one;
}

/**
 * Printable ASCII with single inner spaces: what clip's rewrite would return unchanged. Most
 * details are; checking costs less than the split, join and replace (a tenth of a short command's
 * judgement). Anything else (DYN, tabs, newlines, other Unicode spaces) takes the rewrite.
 */
function isTidy(s: string): boolean {
  const last = s.length - 1;
  for (let i = 0; i <= last; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x20) {
      if (i === 0 || i === last || s.charCodeAt(i + 1) === 0x20) return false;
    } else if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}
