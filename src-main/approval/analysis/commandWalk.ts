/** One simple command: its words, its redirects, what it really runs, and what the rules say. */
import type { Source } from './context';
import type { Carried } from './carriers';
import { SHELLS, carried } from './carriers';
import { elevationOf } from './elevation';
import { isShellSetup } from './shellSetup';
import { rootAttach, rootScript } from './rules/rootRuns';
import type { SyntaxNode } from './parse';
import { detectorsFor } from './rules/registry';
import { withPositional } from './positional';
import { codeSourceHits, downloadTargets } from './rules/remote';
import type { CommandView } from './rules/types';
import { LIST_LOOP } from './rules/types';
import { staticOutput } from './staticOutput';
import { unwrap } from './unwrap';
import type { Collector, WalkerApi } from './wordEval';
import { evalWord, splitWord } from './wordEval';
import type { ArgWord } from './words';
import { commandName, familyName, isDynamic, wordValues } from './words';
import { canonicalPath } from './paths';
import { codeHits, codeLanguage } from './rules/code';
import { embeddedShellCode } from './embedded';
import { cdLeavesWorkspace } from './workspace';
import { codeVariableHits } from './codeVariables';
import type { LazyMap } from './lazyMap';
import { followGitRemotes } from './rules/gitRemotes';
import { runWritten, writtenScript } from './writtenScripts';
import { flattenRedirects, hasNodeOf, REDIRECTS, stdinFile, stdinOf, walkRedirects } from './redirects';
import { plantedEdits } from './plantedEdits';

/** What the walker needs besides word evaluation. */
export interface CommandWalker extends WalkerApi {
  nestedCode(text: string, words: readonly ArgWord[], seg: number, src: Source, col: Collector): void;
}

export interface StageResult {
  view: CommandView | null;
  carried: Carried | null;
  seg: number;
  staticOut: string | null;
}

const NOT_WORDS = new Set([
  'variable_assignment',
  'file_redirect',
  'heredoc_redirect',
  'herestring_redirect',
  'comment',
]);

/** Groups the argument nodes of a command into words: pieces that touch belong together. */
export function wordPieces(node: SyntaxNode): SyntaxNode[][] {
  const groups: SyntaxNode[][] = [];
  let last: SyntaxNode | null = null;
  for (const c of node.children) {
    if (NOT_WORDS.has(c.type)) {
      last = null;
      continue;
    }
    if (c.type !== 'command_name') last = addPiece(groups, last, c);
    else for (const p of c.children) last = addPiece(groups, last, p);
  }
  return groups;
}

function addPiece(groups: SyntaxNode[][], last: SyntaxNode | null, p: SyntaxNode): SyntaxNode {
  const current = groups[groups.length - 1];
  if (last && current && p.start === last.end) current.push(p);
  else groups.push([p]);
  return p;
}

/** Analyses a `command` node; `extra` are redirects written after it (redirected_statement). */
export function walkCommand(
  w: CommandWalker,
  node: SyntaxNode,
  src: Source,
  col: Collector,
  extra: readonly SyntaxNode[],
  pipedIn: string | null,
): StageResult {
  let assigned: Array<{ name: string; word: ArgWord }> | null = null;
  for (const a of node.children)
    if (a.type === 'variable_assignment') {
      const nameNode = a.children.find((c) => c.type === 'variable_name');
      const values = a.children.filter((c) => c.type !== 'variable_name' && c.type !== '=');
      const word = evalWord(values, src, w, col);
      if (nameNode) (assigned ??= []).push({ name: src.text.slice(nameNode.start, nameNode.end), word });
    }
  const ifs = w.ctx.env.get('IFS');
  const words: ArgWord[] = [];
  for (const pieces of wordPieces(node)) {
    const word = evalWord(pieces, src, w, col);
    if (!word.splits) words.push(word);
    else for (const part of splitWord(word, ifs)) words.push(part);
  }
  // Most commands have no redirect of their own: no filtered copy then.
  const ownRedirects = hasNodeOf(node.children, REDIRECTS)
    ? node.children.filter((c) => REDIRECTS.has(c.type))
    : null;
  const own = ownRedirects === null ? extra : extra.length === 0 ? ownRedirects : [...ownRedirects, ...extra];
  const redirects = flattenRedirects(own);
  let stdin = pipedIn;
  let stdinWord: ArgWord | null = null;
  for (const r of redirects) {
    const s = r.type === 'file_redirect' ? stdinFile(r, src, w, col) : stdinOf(r, src, w, col);
    if (s) {
      stdin = s.text;
      stdinWord = s.word;
    }
  }
  const seg = w.ctx.segment(src, node.start, node.end, words, words);
  if (assigned) for (const a of assigned) codeVariableHits(w, a.name, a.word, seg, src, col);
  const result = judgeArgv(w, words, [], seg, src, col, stdin, stdinWord);
  const stated = src.text.slice(node.start, node.end);
  walkRedirects(w, own, src, col, result.view ?? remoteView(words, w), result.staticOut, stated);
  return result;
}

/**
 * `ssh host 'cat > k' < ~/.ssh/id_rsa` unwraps to the remote command, which has no view here; its
 * redirects are still ssh's, and what they feed crosses the network.
 */
function remoteView(words: readonly ArgWord[], w: CommandWalker): CommandView | null {
  if (commandName(words[0]?.value ?? '') !== 'ssh') return null;
  const rest = words.slice(1);
  const { cwd, workspace, cwdLeft } = w.ctx;
  return {
    name: 'ssh',
    args: rest.map((a) => a.value),
    words: rest,
    via: [],
    stdin: null,
    cwd,
    workspace,
    cwdLeft,
  };
}

/** Unwraps, runs the detectors and follows carried code for one command line. */
export function judgeArgv(
  w: CommandWalker,
  argv: ArgWord[],
  viaPrefix: readonly string[],
  seg: number,
  src: Source,
  col: Collector,
  stdin: string | null,
  stdinWord: ArgWord | null,
): StageResult {
  const ctx = w.ctx;
  const sink = ctx.sink(seg);
  const u = unwrap(argv, stdin);
  if (viaPrefix.length === 0) ctx.setCommand(seg, u.argv);
  for (const h of u.hits) sink.hit(h.key, h.detail);
  for (const a of u.assigned) codeVariableHits(w, a.name, a.word, seg, src, col);
  const head = u.argv[0];
  // Commands in code nested under `sudo watch …` run as root: they inherit its elevator.
  const prefix = viaPrefix.length === 0 ? ctx.elevation : viaPrefix;
  const looped = ctx.listLoop ? [...prefix, LIST_LOOP] : prefix;
  const via = looped.length === 0 ? u.via : [...looped, ...u.via];
  if (!head) {
    rootAttach(argv, u.via, via, sink);
    for (const n of u.nested) followNested(w, n, via, null, seg, src, col, stdin);
    return { view: null, carried: null, seg, staticOut: null };
  }
  const alias = head.raw === head.value ? ctx.aliases.get(head.value) : undefined;
  if (alias !== undefined) {
    expandAlias(w, head.value, alias, u.argv.slice(1), seg, src, col);
    return { view: null, carried: null, seg, staticOut: null };
  }
  const name = familyName(commandName(head.value));
  const rest = u.argv.slice(1);
  if (name === 'alias') defineAliases(ctx.aliases, rest);
  else if (name === 'hash') hashedNames(ctx.aliases, rest);
  if (name) col.runs.push(name);
  else sink.hit('dynamic-command', `command ${head.raw} is known only at run time`);
  const view: CommandView = {
    name,
    args: wordValues(rest),
    words: rest,
    via,
    stdin,
    cwd: ctx.cwd,
    workspace: ctx.workspace,
    cwdLeft: ctx.cwdLeft,
  };
  if (name === 'cd' || name === 'pushd' || name === 'popd') {
    ctx.cwd = name === 'popd' ? null : changeDirectory(ctx.cwd, view.args);
    const target = view.args.find((a) => !a.startsWith('-') || a === '-');
    ctx.cwdLeft ||= name === 'popd' || cdLeavesWorkspace(target, ctx.cwd, ctx.workspace);
  }
  for (const detect of detectorsFor(name)) detect(view, sink);
  plantedEdits(w, name, u.argv, seg, src, col);
  if (name === 'git') followGitRemotes(view.args, ctx.remotes, sink);
  const c = carried(name, u.argv, stdin);
  for (const n of u.nested)
    if (!(n.kind === 'code' && isShellSetup(n.words))) followNested(w, n, via, null, seg, src, col, stdin);
  for (const n of c.nested)
    if (!(n.kind === 'code' && isShellSetup(n.words))) followNested(w, n, via, name, seg, src, col, stdin);
  if (c.script && !SHELLS.has(name)) rootScript(name, c.script.value, via, sink);
  codeSourceHits(c.script ? [...c.codeWords, c.script] : c.codeWords, sink);
  const scriptPath = c.script?.value ?? (head.value.includes('/') ? head.value : null);
  if (scriptPath !== null && ctx.downloads.has(canonicalPath(scriptPath)))
    sink.hit('remote-code', `runs ${scriptPath}, downloaded earlier`);
  const script =
    writtenScript(ctx.written, name, scriptPath === null ? null : canonicalPath(scriptPath)) ??
    (c.script ? ctx.fed.get(c.script.raw) : undefined);
  if (script !== undefined) runWritten(w, c.script || name === 'make' ? name : null, script, seg, src, col);
  if (c.readsStdinCode && stdinWord) {
    codeSourceHits([stdinWord], sink);
    if (stdin === null && ctx.downloads.has(canonicalPath(stdinWord.value)))
      sink.hit('remote-code', `runs ${stdinWord.value}, downloaded earlier`);
  }
  if (c.readsStdinCode === 'shell' && stdin !== null)
    w.nestedCode(stdin, stdinWord ? [stdinWord] : [], seg, src, col);
  const language = codeLanguage(name);
  if (language && c.code) codeHits(language, c.code.value, ctx, sink);
  if (c.readsStdinCode === 'other' && stdin !== null) {
    if (language) codeHits(language, stdin, ctx, sink);
    for (const text of embeddedShellCode(stdin, 'script')) w.nestedCode(text, [], seg, src, col);
  }
  for (const t of downloadTargets(view)) ctx.downloads.add(canonicalPath(t));
  return { view, carried: c, seg, staticOut: staticOutput(view) };
}

function defineAliases(aliases: LazyMap<string, string>, args: readonly ArgWord[]): void {
  for (const a of args) {
    const eq = a.value.indexOf('=');
    if (eq > 0 && aliases.size < 64) aliases.set(a.value.slice(0, eq), a.value.slice(eq + 1));
  }
}

/** `hash -p /bin/rm ls` makes `ls` run /bin/rm from then on: read like an alias. */
function hashedNames(aliases: LazyMap<string, string>, args: readonly ArgWord[]): void {
  const at = args.findIndex((a) => a.value === '-p');
  const path = args[at + 1]?.value;
  if (at < 0 || path === undefined) return;
  for (const n of args.slice(at + 2))
    if (!n.value.startsWith('-') && aliases.size < 64) aliases.set(n.value, path);
}

/** An alias runs its text with the rest of the words after it; it does not expand inside itself. */
function expandAlias(
  w: CommandWalker,
  name: string,
  text: string,
  rest: readonly ArgWord[],
  seg: number,
  src: Source,
  col: Collector,
): void {
  const aliases = w.ctx.aliases;
  aliases.delete(name);
  try {
    // Past the expansion budget only the alias text is scanned: copying it for every call costs.
    const code = w.ctx.canExpand() ? [text, ...rest.map((r) => r.raw)].join(' ') : text;
    w.nestedCode(code, [], seg, src, col);
  } finally {
    aliases.set(name, text);
  }
}

function changeDirectory(cwd: string | null, args: readonly string[]): string | null {
  const target = args.find((a) => !a.startsWith('-') || a === '-') ?? '~';
  if (target === '-' || isDynamic(target)) return null;
  if (target.startsWith('/') || target.startsWith('~')) return canonicalPath(target);
  return cwd === null ? null : canonicalPath(`${cwd}/${target}`);
}

function followNested(
  w: CommandWalker,
  n: ReturnType<typeof unwrap>['nested'][number],
  via: readonly string[],
  carrier: string | null,
  seg: number,
  src: Source,
  col: Collector,
  stdin: string | null,
): void {
  if (n.kind === 'code') {
    const ctx = w.ctx;
    const outer = ctx.elevation;
    ctx.elevation = elevationOf(via, carrier);
    try {
      withPositional(ctx, n.text, n.positional, () => w.nestedCode(n.text, n.words, seg, src, col));
    } finally {
      ctx.elevation = outer;
    }
  } else judgeArgv(w, n.argv, [...via, n.via], seg, src, col, stdin, null);
}
