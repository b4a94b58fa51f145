/**
 * Conservative pattern checks for text the parser could not handle (syntax errors, inputs past
 * the parse budget). Quotes do not hide a command here: a word at a command position, or one
 * that opens a quote (`sh -c "rm …`), is judged as a command. One pass, bounded windows: linear.
 */
import { SHELLS } from './carriers';
import { MKFS_NAMES, writeTarget } from './rules/disk';
import { rmRootReason } from './rules/filesystem';
import { detectorsFor, isWatchedName } from './rules/registry';
import { DOWNLOADERS, isDecoder } from './rules/remote';
import { SQL_CLIENT_NAMES, sqlTextHits } from './rules/sql';
import type { CommandView, HitSink } from './rules/types';
import { isWrapper } from './unwrap';
import { commandName, familyName } from './words';
import { Op, Tokens } from './fallbackTokens';
import { WordCache, wordValue } from './fallbackWords';

const WINDOW = 24;
/** Enclosing substitutions remembered; deeper ones are counted as the deepest. */
const MAX_OUTER = 256;
/** After a wrapper (sudo, env, timeout, …) this many words may be the command it runs. */
const WRAPPER_REACH = 4;
// Clients whose text the scan reads for SQL; the same list the parsed analysis uses.
const SQL_CLIENTS = new Set([...SQL_CLIENT_NAMES, 'redis-cli']);
const DECODER_NAMES = new Set(['base64', 'base32', 'basenc', 'openssl', 'xxd', 'uudecode', 'gpg']);
const CODE_RUNNERS = new Set([...SHELLS, 'eval', 'source', '.', 'python', 'perl', 'ruby', 'node', 'php']);
const KEYWORDS = new Set(['if', 'then', 'else', 'elif', 'do', 'while', 'until', '!']);
const EXEC_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);
/** Shared empty `via`; never changed in place, only replaced. */
const NO_VIA: readonly string[] = [];

/** Every name the scan reacts to; anything else at a command position is passed over quickly. */
let interesting: Set<string> | null = null;

function isInteresting(name: string): boolean {
  interesting ??= new Set([...SQL_CLIENTS, ...DECODER_NAMES, ...CODE_RUNNERS, ...KEYWORDS, ...DOWNLOADERS]);
  return interesting.has(name) || isWatchedName(name) || isWrapper(name);
}

/** What the scan asks of a command name, worked out once per distinct word (WordInfo.kind). */
const WRAPPER = 1;
const KEYWORD = 2;
const CODE_RUNNER = 4;
const DOWNLOADER = 8;
const SQL_CLIENT = 16;
const CHECKED = 32;
/** Past FULL_CHECKS still checked: it can be hardline (HARDLINE_CAPABLE) or decodes. */
const STILL_CHECKED = 64;
/** rm or rimraf, which have a cheaper hardline check of their own. */
const REMOVER = 128;

function kindOf(name: string): number {
  return (
    (isWrapper(name) ? WRAPPER : 0) |
    (KEYWORDS.has(name) ? KEYWORD : 0) |
    (CODE_RUNNERS.has(name) ? CODE_RUNNER : 0) |
    (DOWNLOADERS.has(name) ? DOWNLOADER : 0) |
    (SQL_CLIENTS.has(name) ? SQL_CLIENT : 0) |
    (isWatchedName(name) || DECODER_NAMES.has(name) ? CHECKED : 0) |
    (HARDLINE_CAPABLE.has(name) || DECODER_NAMES.has(name) ? STILL_CHECKED : 0) |
    (name === 'rm' || name === 'rimraf' ? REMOVER : 0)
  );
}

function lookupName(word: string): string {
  const base = commandName(wordValue(word));
  if (isInteresting(base)) return base;
  const family = familyName(base);
  return family !== base && isInteresting(family) ? family : '';
}

/** Runs the pattern checks over `text`; `sinkFor` receives the span each finding belongs to. */
/** A span gets its sink (and, at top level, its segment) only when something is found in it. */
class LazySink implements HitSink {
  private sink: HitSink | null = null;

  constructor(
    private readonly open: (start: number, end: number) => HitSink,
    private readonly start: number,
    private readonly end: number,
  ) {}

  hit(key: string, detail?: string): void {
    this.sink ??= this.open(this.start, this.end);
    this.sink.hit(key, detail);
  }
}

const NO_WORDS: CommandView['words'] = [];

/**
 * The enclosing-command stack of a finished scan, for the next one (null while a scan holds it).
 * One made per scan changed its map once the engine learned its element kind, and that threw
 * away the scan loop's compiled code on a later long command.
 */
let spareOuter: string[] | null = null;

export function fallbackScan(text: string, eagerSinkFor: (start: number, end: number) => HitSink): void {
  const sinkFor = (start: number, end: number): HitSink => new LazySink(eagerSinkFor, start, end);
  const t = new Tokens(text);
  const raw = (k: number): string => t.raw(k);
  const checked: Checked = { full: 0, seen: new Map() };
  const words = new WordCache(text, lookupName, kindOf, t.codes);
  const codes = t.codes;
  let commandReach = 1;
  let downloader = false;
  let decoder = false;
  let afterPipe = false;
  let sawSql = false;
  // Commands that opened the enclosing substitutions; a fixed array and a depth, since resizing
  // an array through its length costs a runtime call on every closing token. Only the entries
  // below the depth are read, so a spare from an earlier scan needs no clearing.
  const outer = spareOuter ?? new Array<string>(MAX_OUTER).fill('');
  spareOuter = null;
  let depth = 0;
  let current = '';
  /** Wrappers and find -exec seen since the last operator, for rules that care (xargs rm). */
  let via: readonly string[] = NO_VIA;
  for (let k = 0; t.has(k); k++) {
    const op = t.op(k);
    if (op !== Op.Word) {
      if (op === Op.Separator) {
        downloader = decoder = afterPipe = false;
        current = '';
      }
      if (op === Op.Pipe) afterPipe = true;
      // A run of `(`, `)` or `$(` is one token: it opens or closes once per `(` or `)`.
      const opener = codes[t.start(k)];
      const length = t.end(k) - t.start(k);
      const times = opener === 0x28 || opener === 0x29 ? length : opener === 0x24 ? length / 2 : 1;
      if (op === Op.Open) for (let i = 0; i < times && depth < MAX_OUTER; i++) outer[depth++] = current;
      if (op === Op.Close) {
        // `)")")"…` closes a deep `"$(…"$(…`: the quotes between closers change nothing here.
        const left = depth - times - (t.isNewest(k) ? t.skipQuotedCloses(k) : 0);
        current = left >= 0 ? (outer[left] ?? '') : '';
        depth = left > 0 ? left : 0;
      }
      if (op === Op.Write && t.op(k + 1) === Op.Word) {
        writeTarget(wordValue(raw(k + 1)), sinkFor(t.start(k), t.end(k + 1)));
        k++;
      } else if (op === Op.Open && t.op(k + 1) === Op.Close && k > 0 && codes[t.start(k)] === 0x28)
        forkBomb(k, t, raw, sinkFor);
      commandReach = op === Op.Write || op === Op.Read ? 0 : 1;
      if (commandReach === 1 && via.length > 0) via = NO_VIA;
      continue;
    }
    const start = t.start(k);
    const first = codes[start] ?? -1;
    const quoted = first === 0x22 || first === 0x27;
    if (commandReach <= 0 && !quoted) {
      // Skips are guarded here, so their rare calls stay out of this loop's compiled code.
      // The second character of each EXEC_ACTIONS word (e, o), so most options are passed over without a copy.
      const second = codes[start + 1];
      if (first === 0x2d && (second === 0x65 || second === 0x6f) && EXEC_ACTIONS.has(raw(k))) {
        commandReach = 1;
        via = [...via, 'find'];
      } else if (t.isNewest(k)) t.skipPlainWords(k);
      continue;
    }
    commandReach--;
    // A lone quote (`"$(…)"` splits at `$(` and `)`) names nothing and assigns nothing.
    if (quoted && t.end(k) - start === 1) continue;
    const info = words.info(start, t.end(k));
    if (info.assignment) {
      commandReach++;
      continue;
    }
    if (first === 0x24 || first === 0x60)
      sinkFor(start, t.end(k)).hit(
        'dynamic-command',
        `command ${info.word.slice(0, 60)} is known only at run time`,
      );
    const name = info.name;
    if (name === '') continue;
    const kind = info.kind;
    const wrapper = (kind & WRAPPER) !== 0;
    if (wrapper) {
      commandReach = WRAPPER_REACH;
      via = [...via, name];
    }
    if (kind & KEYWORD) commandReach = 1;
    if (afterPipe && kind & CODE_RUNNER && wordValue(raw(k + 1)) !== '-c') {
      if (downloader) sinkFor(start, t.end(k)).hit('remote-code', `downloaded text piped to ${name}`);
      else if (decoder) sinkFor(start, t.end(k)).hit('decode-exec', `decoded text piped to ${name}`);
    }
    if (kind & DOWNLOADER && depth > 0 && CODE_RUNNERS.has(current))
      sinkFor(start, t.end(k)).hit('remote-code', `${current} runs the output of ${name}`);
    if (!current && !wrapper) current = name;
    if (kind & SQL_CLIENT) sawSql = true;
    if (kind & DOWNLOADER) downloader = true;
    if ((kind & CHECKED) === 0) continue;
    if (checkCommand(t, k, name, kind, via, checked, sinkFor)) decoder = true;
  }
  spareOuter = outer;
  // Emptied once the scan ends, so no slice kept there keeps a long text alive.
  gathered.fill('');
  words.release();
  t.release();
  // Shell quotes around SQL are not SQL string literals; drop them before reading statements.
  if (sawSql) sqlTextHits(text.replace(/["'`]/g, ' '), sinkFor(0, text.length));
}

/**
 * Distinct commands run through every rule; past them only what can be hardline is checked. The
 * verdict of unparsed text already asks, and its reasons stop at a hundred: 2000 full checks of
 * a long chain of deletes cost a third of its judgement and changed nothing a reader sees.
 */
const FULL_CHECKS = 400;

/** Where a command's words are gathered before being copied out at their exact size. */
const gathered: string[] = [];

/**
 * The values of words [from, end), in an array of exactly their number: one grown by push
 * reserves 17 slots, and thousands of commands are checked.
 */
function wordValues(t: Tokens, from: number, end: number): string[] {
  if (from === end) return [];
  for (let a = from; a < end; a++) gathered[a - from] = wordValue(t.raw(a));
  return gathered.slice(0, end - from);
}

/** Commands run through every rule so far, and their words, so a repeat is not checked again. */
interface Checked {
  full: number;
  /** Each command checked so far, by wordsHash; those sharing a hash are chained. */
  seen: Map<number, SeenCommand>;
}

/** A command run through every rule, and whether it decodes. */
interface SeenCommand {
  via: readonly string[];
  name: string;
  args: readonly string[];
  decodes: boolean;
  next: SeenCommand | undefined;
}

/**
 * FNV-1a over a list of words as if joined: a unit no string holds (0x10000 > 0xffff) between
 * each two, so [] and [''] hash alike, as sameWords has them match.
 */
function hashWords(h: number, words: readonly string[]): number {
  for (let k = 0; k < words.length; k++) {
    if (k > 0) h = Math.imul(h ^ 0x10000, 0x01000193);
    const w = words[k] ?? '';
    for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 0x01000193);
  }
  return h;
}

function wordsHash(via: readonly string[], name: string, args: readonly string[]): number {
  return hashWords(hashWords(Math.imul(0x811c9dc5 ^ name.length, 0x01000193), via), args);
}

/**
 * Whether two word lists are the same command's words. They used to be compared joined (args with
 * NUL, wrappers with a space), which no word holds, so only [] and [''] differ and still match;
 * that stays so, or a repeat would now be judged where it was not.
 */
function sameWords(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return a.length + b.length === 1 && (a[0] ?? b[0]) === '';
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The entry for a command already checked in full, by its words. */
function seenBefore(
  checked: Checked,
  hash: number,
  via: readonly string[],
  name: string,
  args: readonly string[],
): SeenCommand | undefined {
  for (let e = checked.seen.get(hash); e !== undefined; e = e.next)
    if (e.name === name && sameWords(e.args, args) && sameWords(e.via, via)) return e;
  return undefined;
}

/**
 * Runs the rules for the watched command named at token k (all of them for the first
 * FULL_CHECKS distinct commands, then only those that can be hardline); true when it decodes.
 * Kept out of the scan loop so that loop stays small enough to compile tightly.
 */
function checkCommand(
  t: Tokens,
  k: number,
  name: string,
  kind: number,
  via: readonly string[],
  checked: Checked,
  sinkFor: (start: number, end: number) => HitSink,
): boolean {
  const full = checked.full < FULL_CHECKS;
  // Past the budget only what can be hardline is checked; the verdict is already "dangerous".
  if (!full && (kind & STILL_CHECKED) === 0) return false;
  let end = k + 1;
  while (end - k <= WINDOW && t.has(end) && t.op(end) === Op.Word) end++;
  if (!full && (kind & REMOVER) !== 0) return rmHardline(t, k, end, name, sinkFor);
  const args = wordValues(t, k + 1, end);
  // A repeat (`cat | cat | …`) needs only whether it decodes, which name and args decide.
  const hash = full ? wordsHash(via, name, args) : 0;
  const known = full ? seenBefore(checked, hash, via, name, args) : undefined;
  if (known !== undefined) return known.decodes;
  // Words carry what substitutions run; the scan does not know, so rules see none.
  // The parsed analysis's views carry these fields too, in this order: one shape keeps the
  // detectors' property reads monomorphic (a second one threw their compiled code away mid-scan).
  const view: CommandView = {
    name,
    args,
    words: NO_WORDS,
    via,
    stdin: null,
    cwd: null,
    workspace: null,
    cwdLeft: false,
  };
  const decodes = isDecoder(view);
  const sink = sinkFor(t.start(k), t.end(end - 1));
  if (!full) {
    hardlineOnly(view, sink);
    return decodes;
  }
  checked.seen.set(hash, { via, name, args, decodes, next: checked.seen.get(hash) });
  checked.full++;
  for (const detect of detectorsFor(name)) detect(view, sink);
  return decodes;
}
/** Commands whose detectors can find a hardline case; rm has a cheaper check of its own. */
const HARDLINE_CAPABLE = new Set([
  ...MKFS_NAMES,
  'rm',
  'rimraf',
  'find',
  'dd',
  'shred',
  'kill',
  'killall5',
  'shutdown',
  'reboot',
  'halt',
  'poweroff',
  'openrc-shutdown',
  'init',
  'telinit',
  'systemctl',
  'loginctl',
  'cp',
  'mv',
  'install',
  'tee',
  'truncate',
  'perl',
  'python',
  'ruby',
  'node',
]);

/**
 * Past the budget, rm (token k, its words up to `end`) is checked only for what makes it hardline,
 * and words that plainly name no protected path are passed over without a copy: a long chain of
 * ordinary deletes costs little. rm decodes nothing, so this returns false.
 */
function rmHardline(
  t: Tokens,
  k: number,
  end: number,
  name: string,
  sinkFor: (start: number, end: number) => HitSink,
): false {
  let a = k + 1;
  while (a < end && t.plainlyUnprotected(a)) a++;
  if (a === end) return false;
  const args = wordValues(t, k + 1, end);
  const reason = rmRootReason(name === 'rm' ? args : ['-r', ...args]);
  if (reason) sinkFor(t.start(k), t.end(end - 1)).hit('rm-root', reason);
  return false;
}

function hardlineOnly(view: CommandView, sink: HitSink): void {
  if (HARDLINE_CAPABLE.has(view.name)) for (const detect of detectorsFor(view.name)) detect(view, sink);
}

/** `name(){ … name | name … }` within a short window. */
function forkBomb(
  k: number,
  t: Tokens,
  raw: (k: number) => string,
  sinkFor: (start: number, end: number) => HitSink,
): void {
  if (t.op(k - 1) !== Op.Word) return;
  const name = raw(k - 1);
  for (let j = k + 3; j < k + 32 && t.has(j + 2); j++) {
    if (t.op(j) === Op.Word && raw(j) === name && t.op(j + 1) === Op.Pipe && raw(j + 2) === name) {
      sinkFor(t.start(k - 1), t.end(j + 2)).hit('fork-bomb', `${name}() pipes itself into itself`);
      return;
    }
  }
}
