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

const WINDOW = 24;
/** After a wrapper (sudo, env, timeout, …) this many words may be the command it runs. */
const WRAPPER_REACH = 4;
// Clients whose text the scan reads for SQL; the same list the parsed analysis uses.
const SQL_CLIENTS = new Set([...SQL_CLIENT_NAMES, 'redis-cli']);
const DECODER_NAMES = new Set(['base64', 'base32', 'basenc', 'openssl', 'xxd', 'uudecode', 'gpg']);
const CODE_RUNNERS = new Set([...SHELLS, 'eval', 'source', '.', 'python', 'perl', 'ruby', 'node', 'php']);
const KEYWORDS = new Set(['if', 'then', 'else', 'elif', 'do', 'while', 'until', '!']);
const EXEC_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** Operator codes; 0 marks a word. */
const Op = { Word: 0, Separator: 1, Pipe: 2, Open: 3, Close: 4, Write: 5, Read: 6 } as const;
type Op = (typeof Op)[keyof typeof Op];

/** Per character: 1 blank, 2 operator start, 3 quote or backslash, 0 anything else. */
const CLASS = new Uint8Array(128);
for (const c of ' \t\r') CLASS[c.charCodeAt(0)] = 1;
for (const c of ';&|()<>{}`\n') CLASS[c.charCodeAt(0)] = 2;
for (const c of '\'"\\') CLASS[c.charCodeAt(0)] = 3;

interface Tokens {
  count: number;
  starts: Int32Array;
  ends: Int32Array;
  ops: Uint8Array;
}

/** Operator at `i`, encoded as op * 4 + length (no allocation per token). */
function operatorAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  const d = text.charCodeAt(i + 1);
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
      if (d === 0x3e) return Op.Write * 4 + (text.charCodeAt(i + 2) === 0x3e ? 3 : 2);
      return Op.Separator * 4 + 1;
    case 0x3e: // > >> >| >&
      return Op.Write * 4 + (d === 0x3e || d === 0x7c || d === 0x26 ? 2 : 1);
    case 0x3c: // < << <<<
      return Op.Read * 4 + (d !== 0x3c ? 1 : text.charCodeAt(i + 2) === 0x3c ? 3 : 2);
    default: // ; ;; newline
      return Op.Separator * 4 + (c === 0x3b && d === 0x3b ? 2 : 1);
  }
}

function tokenise(text: string): Tokens {
  const n = text.length;
  const t: Tokens = {
    count: 0,
    starts: new Int32Array(n + 1),
    ends: new Int32Array(n + 1),
    ops: new Uint8Array(n + 1),
  };
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    const cls = code < 128 ? CLASS[code] : 0;
    if (cls === 1) {
      i++;
      continue;
    }
    const k = t.count++;
    t.starts[k] = i;
    if (cls === 2 || (code === 0x24 && text.charCodeAt(i + 1) === 0x28)) {
      const encoded = operatorAt(text, i);
      t.ops[k] = encoded >> 2;
      i += encoded & 3;
      t.ends[k] = i;
      continue;
    }
    while (i < n) {
      const c = text.charCodeAt(i);
      const cc = c < 128 ? CLASS[c] : 0;
      if (cc === 1 || cc === 2 || (c === 0x24 && text.charCodeAt(i + 1) === 0x28)) break;
      i += c === 0x5c ? 2 : 1;
    }
    t.ends[k] = Math.min(i, n);
  }
  return t;
}

/** Every name the scan reacts to; anything else at a command position is passed over quickly. */
let interesting: Set<string> | null = null;

function isInteresting(name: string): boolean {
  interesting ??= new Set([...SQL_CLIENTS, ...DECODER_NAMES, ...CODE_RUNNERS, ...KEYWORDS, ...DOWNLOADERS]);
  return interesting.has(name) || isWatchedName(name) || isWrapper(name);
}

/** The command a word names, or '' when no check cares about it. */
function candidateName(word: string, cache: Map<string, string>): string {
  if (word.length > 256) return '';
  const cached = cache.get(word);
  if (cached !== undefined) return cached;
  const name = lookupName(word);
  if (cache.size < 4096) cache.set(word, name);
  return name;
}

function lookupName(word: string): string {
  const base = commandName(wordValue(word));
  if (isInteresting(base)) return base;
  const family = familyName(base);
  return family !== base && isInteresting(family) ? family : '';
}

/** A word's value with quotes dropped and backslash escapes resolved. */
function wordValue(raw: string): string {
  if (!raw.includes("'") && !raw.includes('"') && !raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charAt(i);
    if (c === '\\') out += raw.charAt(++i);
    else if (c !== "'" && c !== '"') out += c;
  }
  return out;
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

export function fallbackScan(text: string, eagerSinkFor: (start: number, end: number) => HitSink): void {
  const sinkFor = (start: number, end: number): HitSink => new LazySink(eagerSinkFor, start, end);
  const t = tokenise(text);
  const raw = (k: number): string => text.slice(t.starts[k] ?? 0, t.ends[k] ?? 0);
  const seen = new Set<string>();
  const names = new Map<string, string>();
  let fullChecks = 0;
  let commandReach = 1;
  let downloader = false;
  let decoder = false;
  let afterPipe = false;
  let sawSql = false;
  const outer: string[] = [];
  let current = '';
  /** Wrappers and find -exec seen since the last operator, for rules that care (xargs rm). */
  let via: string[] = [];
  for (let k = 0; k < t.count; k++) {
    const op = (t.ops[k] ?? Op.Word) as Op;
    if (op !== Op.Word) {
      if (op === Op.Separator) {
        downloader = decoder = afterPipe = false;
        current = '';
      }
      if (op === Op.Pipe) afterPipe = true;
      if (op === Op.Open && outer.length < 256) outer.push(current);
      if (op === Op.Close) current = outer.pop() ?? '';
      if (op === Op.Write && t.ops[k + 1] === Op.Word) {
        writeTarget(wordValue(raw(k + 1)), sinkFor(t.starts[k] ?? 0, t.ends[k + 1] ?? 0));
        k++;
      } else if (
        op === Op.Open &&
        t.ops[k + 1] === Op.Close &&
        k > 0 &&
        text.charCodeAt(t.starts[k] ?? 0) === 0x28
      )
        forkBomb(k, t, raw, sinkFor);
      commandReach = op === Op.Write || op === Op.Read ? 0 : 1;
      if (commandReach === 1) via = [];
      continue;
    }
    const first = text.charCodeAt(t.starts[k] ?? 0);
    const quoted = first === 0x22 || first === 0x27;
    if (commandReach <= 0 && !quoted) {
      if (first === 0x2d && EXEC_ACTIONS.has(raw(k))) {
        commandReach = 1;
        via = [...via, 'find'];
      }
      continue;
    }
    const word = raw(k);
    commandReach--;
    if (word.includes('=') && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
      commandReach++;
      continue;
    }
    if (word.startsWith('$') || word.startsWith('`'))
      sinkFor(t.starts[k] ?? 0, t.ends[k] ?? 0).hit(
        'dynamic-command',
        `command ${word.slice(0, 60)} is known only at run time`,
      );
    const name = candidateName(word, names);
    if (name === '') continue;
    if (isWrapper(name)) {
      commandReach = WRAPPER_REACH;
      via = [...via, name];
    }
    if (KEYWORDS.has(name)) commandReach = 1;
    if (afterPipe && CODE_RUNNERS.has(name) && wordValue(raw(k + 1)) !== '-c') {
      if (downloader)
        sinkFor(t.starts[k] ?? 0, t.ends[k] ?? 0).hit('remote-code', `downloaded text piped to ${name}`);
      else if (decoder)
        sinkFor(t.starts[k] ?? 0, t.ends[k] ?? 0).hit('decode-exec', `decoded text piped to ${name}`);
    }
    if (DOWNLOADERS.has(name) && outer.length > 0 && CODE_RUNNERS.has(current))
      sinkFor(t.starts[k] ?? 0, t.ends[k] ?? 0).hit('remote-code', `${current} runs the output of ${name}`);
    if (!current && !isWrapper(name)) current = name;
    if (SQL_CLIENTS.has(name)) sawSql = true;
    if (DOWNLOADERS.has(name)) downloader = true;
    if (!isWatchedName(name) && !DECODER_NAMES.has(name)) continue;
    const full = fullChecks < FULL_CHECKS;
    // Past the budget only what can be hardline is checked; the verdict is already "dangerous".
    if (!full && !HARDLINE_CAPABLE.has(name) && !DECODER_NAMES.has(name)) continue;
    let end = k + 1;
    while (end < t.count && end - k <= WINDOW && t.ops[end] === Op.Word) end++;
    const args: string[] = [];
    for (let a = k + 1; a < end; a++) args.push(wordValue(raw(a)));
    // Words carry what substitutions run; the scan does not know, so rules see none.
    const view: CommandView = { name, args, words: NO_WORDS, via, stdin: null };
    if (isDecoder(view)) decoder = true;
    const sink = sinkFor(t.starts[k] ?? 0, t.ends[end - 1] ?? 0);
    if (!full) {
      hardlineOnly(view, sink);
      continue;
    }
    const memo = `${via.join(' ')}\u0000${name}\u0000${args.join('\u0000')}`;
    if (seen.has(memo)) continue;
    seen.add(memo);
    fullChecks++;
    for (const detect of detectorsFor(name)) detect(view, sink);
  }
  // Shell quotes around SQL are not SQL string literals; drop them before reading statements.
  if (sawSql) sqlTextHits(text.replace(/["'`]/g, ' '), sinkFor(0, text.length));
}

const FULL_CHECKS = 2000;
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

function hardlineOnly(view: CommandView, sink: HitSink): void {
  if (view.name === 'rm' || view.name === 'rimraf') {
    const reason = rmRootReason(view.name === 'rm' ? view.args : ['-r', ...view.args]);
    if (reason) sink.hit('rm-root', reason);
  } else if (HARDLINE_CAPABLE.has(view.name))
    for (const detect of detectorsFor(view.name)) detect(view, sink);
}

/** `name(){ … name | name … }` within a short window. */
function forkBomb(
  k: number,
  t: Tokens,
  raw: (k: number) => string,
  sinkFor: (start: number, end: number) => HitSink,
): void {
  if (t.ops[k - 1] !== Op.Word) return;
  const name = raw(k - 1);
  const limit = Math.min(t.count - 2, k + 32);
  for (let j = k + 3; j < limit; j++) {
    if (t.ops[j] === Op.Word && raw(j) === name && t.ops[j + 1] === Op.Pipe && raw(j + 2) === name) {
      sinkFor(t.starts[k - 1] ?? 0, t.ends[j + 2] ?? 0).hit(
        'fork-bomb',
        `${name}() pipes itself into itself`,
      );
      return;
    }
  }
}
