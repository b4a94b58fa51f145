/** A command's redirects: what heredocs and here-strings feed it, and where its output is written. */
import type { Source } from './context';
import type { SyntaxNode } from './parse';
import { writeTarget } from './rules/disk';
import { emptyingRedirect } from './rules/emptiedFiles';
import { fillingRedirect } from './rules/diskFill';
import { redirectExfiltrationHits } from './rules/exfiltration';
import { isSystemLog } from './rules/systemChanges';
import { DOWNLOADERS } from './rules/remote';
import type { CommandView } from './rules/types';
import type { Collector } from './wordEval';
import { evalWord } from './wordEval';
import type { ArgWord } from './words';
import { canonicalPath, resolvePath } from './paths';
import type { NestedWalker } from './writtenScripts';
import { autoRunner, rememberWritten, runWritten } from './writtenScripts';
import { packageJsonScriptHits } from './rules/packageSources';

export const REDIRECTS = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);
const HEREDOC = new Set(['heredoc_redirect']);
const WRITE_OPS = new Set(['>', '>>', '&>', '&>>', '>|', '<>', '>&', '&>|']);
/** Writes that leave exactly the command's output in the file. */
const REPLACING_WRITES = new Set(['>', '&>', '>|', '&>|', '>&']);
/** Redirect nodes of a command, including file redirects nested in a heredoc redirect. */
export function flattenRedirects(nodes: readonly SyntaxNode[]): readonly SyntaxNode[] {
  if (!hasNodeOf(nodes, HEREDOC)) return nodes;
  return nodes.flatMap((r) =>
    r.type === 'heredoc_redirect' ? [r, ...r.children.filter((c) => c.type === 'file_redirect')] : [r],
  );
}

/** Static text a heredoc or here-string feeds to stdin, analysing substitutions inside it. */
export function stdinOf(
  r: SyntaxNode,
  src: Source,
  w: NestedWalker,
  col: Collector,
): { text: string | null; word: ArgWord } | null {
  if (r.type === 'herestring_redirect') {
    const pieces = r.children.filter((c) => c.type !== '<<<');
    const word = evalWord(pieces, src, w, col);
    return { text: word.value + '\n', word };
  }
  const body = r.children.find((c) => c.type === 'heredoc_body');
  if (!body) return null;
  const start = r.children.find((c) => c.type === 'heredoc_start');
  const quoted = start !== undefined && /['"\\]/.test(src.text.slice(start.start, start.end));
  if (quoted || body.children.length === 0) {
    const raw = src.text.slice(body.start, body.end);
    return { text: raw, word: { value: raw, raw, start: body.start, end: body.end, quoted: true, runs: [] } };
  }
  const word = evalWord([body], src, w, col);
  return { text: word.value, word };
}

/** `cmd < file`: what stdin holds is unknown, but where it comes from (`< <(curl …)`) matters. */
export function stdinFile(
  r: SyntaxNode,
  src: Source,
  w: NestedWalker,
  col: Collector,
): { text: null; word: ArgWord } | null {
  const op = r.children.find((c) => c.type === '<');
  if (!op) return null;
  const targets = r.children.filter((c) => c.start >= op.end && c.type !== 'file_descriptor');
  return targets.length > 0 ? { text: null, word: evalWord(targets, src, w, col) } : null;
}

function handleWrite(
  r: SyntaxNode,
  src: Source,
  w: NestedWalker,
  col: Collector,
  view: CommandView | null,
  output: string | null,
  stated: string,
): void {
  const op = r.children.find((c) => !c.type.match(/^[a-z_]+$/));
  const reads = op?.type === '<';
  if (!op || (!WRITE_OPS.has(op.type) && !reads)) return;
  const targets = r.children.filter((c) => c.start >= op.end && c.type !== 'file_descriptor');
  if (targets.length === 0) return;
  const target = evalWord(targets, src, w, col);
  if (op.type === '>&' && /^(?:\d+|-)$/.test(target.value)) return;
  const found: Array<[string, string | undefined]> = [];
  redirectExfiltrationHits(view, stated, target.value, reads, { hit: (k, d) => found.push([k, d]) });
  if (reads && found.length === 0) return;
  const seg = w.ctx.segment(src, r.start, r.end, [{ ...target, value: op.type }, target], [target]);
  for (const [k, d] of found) w.ctx.hit(seg, k, d);
  if (reads) return;
  writeTarget(target.value, w.ctx.sink(seg));
  fillingRedirect(view, target.value, w.ctx.sink(seg));
  if (REPLACING_WRITES.has(op.type))
    emptyingRedirect(view, stated, output, target.value, src.text.slice(r.end), w.ctx, w.ctx.sink(seg));
  // `> /var/log/auth.log` empties the log; `>>` only adds to it.
  if (op.type !== '>>' && isSystemLog(target.value)) w.ctx.hit(seg, 'log-wipe', `empties ${target.value}`);
  // Device and process files are not places a command writes to.
  if (!/^\/(?:dev|proc)\//.test(target.value)) w.ctx.changes(resolvePath(w.ctx.cwd, target.value));
  if (view && DOWNLOADERS.has(view.name)) w.ctx.downloads.add(canonicalPath(target.value));
  // `<>` writes over what the file held without emptying it: its text is no longer known.
  const replaces = REPLACING_WRITES.has(op.type);
  const known = replaces || op.type === '>>' || op.type === '&>>' ? output : null;
  const path = canonicalPath(target.value);
  rememberWritten(w.ctx.written, path, !replaces, known);
  if (known !== null && replaces) packageJsonScriptHits(target.value, known, w.ctx.sink(seg));
  // The next test run, install or build runs it, from a command that names none of it.
  const runner = known !== null ? autoRunner(path) : null;
  // An append to a file not written earlier in the line: what it adds runs with the rest.
  const text = runner !== null ? (w.ctx.written.get(path) ?? known) : null;
  if (runner !== null && text !== null) runWritten(w, runner, text, seg, src, col);
}

export function hasNodeOf(nodes: readonly SyntaxNode[], types: ReadonlySet<string>): boolean {
  for (const c of nodes) if (types.has(c.type)) return true;
  return false;
}

/** Judges where the file redirects among `redirects` write. */
export function walkRedirects(
  w: NestedWalker,
  redirects: readonly SyntaxNode[],
  src: Source,
  col: Collector,
  view: CommandView | null,
  /** The command's output when it is known before it runs (`echo …`), else null. */
  output: string | null,
  /** The redirected command's text, read when `view` is null (bare `env`, `export -p`). */
  stated: string,
): void {
  for (const r of flattenRedirects(redirects))
    if (r.type === 'file_redirect') handleWrite(r, src, w, col, view, output, stated);
}
