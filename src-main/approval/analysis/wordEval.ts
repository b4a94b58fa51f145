/** Static evaluation of parsed words; substitutions inside them are analysed as they are met. */
import type { AnalysisContext, Source } from './context';
import type { SyntaxNode } from './parse';
import { ownHome } from './paths';
import type { ArgWord } from './words';
import { DYN, decodeAnsiC, unescapeBare, unescapeDouble } from './words';

/** Names of the commands run while analysing some text. */
export interface Collector {
  runs: string[];
}

/** What word evaluation needs from the walker. */
export interface WalkerApi {
  readonly ctx: AnalysisContext;
  /** Analyses a statement list; returns its static stdout when known. */
  walk(node: SyntaxNode, src: Source, col: Collector): string | null;
}

export interface EvaluatedWord extends ArgWord {
  /** An unquoted expansion is in it, so the shell splits its value at whitespace. */
  splits: boolean;
}

function text(src: Source, n: SyntaxNode): string {
  return src.text.slice(n.start, n.end);
}

/** Positional parameters are empty in the top-level shell a command runs in, unknown elsewhere. */
function positional(ctx: AnalysisContext): string {
  return ctx.depth === 0 && ctx.functionDepth === 0 ? '' : DYN;
}

export function variableValue(ctx: AnalysisContext, name: string): string {
  const known = ctx.env.get(name);
  if (known !== undefined) return known;
  if (/^\d$/.test(name) && name !== '0') return positional(ctx);
  if (name === 'HOME') return '~';
  if (name === 'CADUCEUS_HOME') return ownHome();
  // Unset in the non-interactive shells commands run in, so `$PROMPT_COMMAND; x` appends to nothing.
  if (name === 'PROMPT_COMMAND') return '';
  // The default field separators: `rm${IFS}-rf${IFS}~` is three words.
  if (name === 'IFS') return ' ';
  return DYN;
}

/** `$( … )`, backticks and `<( … )`: analysed in place; the value is their output when static. */
function substitution(node: SyntaxNode, src: Source, w: WalkerApi, col: Collector): string {
  const inner: Collector = { runs: [] };
  const statements = node.children.filter(
    (c) => c.type !== '$(' && c.type !== ')' && c.type !== '`' && c.type !== '<(' && c.type !== '>(',
  );
  let out: string | null = null;
  for (const s of statements) out = w.walk(s, src, inner);
  col.runs.push(...inner.runs);
  // The file `<( … )` names holds its output: a command that runs it as a script runs that.
  if (node.type === 'process_substitution' && statements.length === 1 && out !== null)
    w.ctx.fed.set(text(src, node), out);
  if (node.type !== 'command_substitution' || statements.length !== 1 || out === null) return DYN;
  let end = out.length;
  while (end > 0 && out.charAt(end - 1) === '\n') end--;
  return out.slice(0, end);
}

const KEEP_VALUE_OPS = new Set([':?', '?', ':-', '-', ':=', '=']);

function expansion(node: SyntaxNode, src: Source, w: WalkerApi, col: Collector): string {
  const named = node.children.filter((c) => c.type !== '${' && c.type !== '}' && c.type !== '$');
  const only = named[0];
  if (
    named.length === 1 &&
    only &&
    (only.type === 'variable_name' || only.type === 'special_variable_name')
  ) {
    return only.type === 'variable_name' ? variableValue(w.ctx, text(src, only)) : DYN;
  }
  for (const c of named) piece(c, src, w, col);
  // `${HOME:?}`, `${HOME:-/x}`: a known variable keeps its value whatever the fallback says.
  const op = node.children[2];
  if (only?.type === 'variable_name' && op && KEEP_VALUE_OPS.has(op.type))
    return variableValue(w.ctx, text(src, only));
  return DYN;
}

/** Value of the literal text between the children of a string or concatenation. */
function joined(
  node: SyntaxNode,
  src: Source,
  w: WalkerApi,
  col: Collector,
  from: number,
  to: number,
  literal: (s: string) => string,
): string {
  let out = '';
  let pos = from;
  for (const c of node.children) {
    if (c.end <= from || c.start >= to) continue;
    if (c.start > pos) out += literal(src.text.slice(pos, c.start));
    out += c.type === 'string_content' ? literal(text(src, c)) : piece(c, src, w, col);
    pos = c.end;
  }
  if (pos < to) out += literal(src.text.slice(pos, to));
  return out;
}

/** Value of one piece of a word. */
export function piece(node: SyntaxNode, src: Source, w: WalkerApi, col: Collector): string {
  switch (node.type) {
    case 'word':
    case 'number':
    case 'heredoc_content':
      return unescapeBare(text(src, node));
    case 'raw_string':
      return text(src, node).slice(1, -1);
    case 'ansi_c_string':
      return decodeAnsiC(text(src, node).slice(2, -1));
    case 'string':
      return joined(node, src, w, col, node.start + 1, node.end - 1, unescapeDouble);
    case 'translated_string':
    case 'concatenation':
      return joined(node, src, w, col, node.start, node.end, unescapeBare);
    case 'simple_expansion': {
      const name = node.children.find((c) => c.type === 'variable_name');
      if (!name) return DYN;
      const n = text(src, name);
      // `$9build` is `$9` then `build`: one digit names a positional parameter.
      return /^\d./.test(n) ? variableValue(w.ctx, n.charAt(0)) + n.slice(1) : variableValue(w.ctx, n);
    }
    case 'expansion':
      return expansion(node, src, w, col);
    case 'command_substitution':
    case 'process_substitution':
      return substitution(node, src, w, col);
    case '$':
      return '';
    default:
      if (node.children.length === 0) return text(src, node);
      for (const c of node.children) piece(c, src, w, col);
      return DYN;
  }
}

const EXPANDING = new Set(['simple_expansion', 'expansion', 'command_substitution']);

/** The `runs` of the many words that run nothing: one shared array, never written. */
const NO_RUNS: string[] = Object.freeze([]) as unknown as string[];

/**
 * Evaluates adjacent pieces as one shell word. Pieces report what they run straight into `col`;
 * the word keeps a copy of what they added (a collector per word was a good part of the garbage).
 */
export function evalWord(
  pieces: readonly SyntaxNode[],
  src: Source,
  w: WalkerApi,
  col: Collector,
): EvaluatedWord {
  const before = col.runs.length;
  let value = '';
  let dangling = false;
  let splits = false;
  let quoted = false;
  for (const p of pieces) {
    const v = piece(p, src, w, col);
    // The parser reads `$9x` as a lone `$` then `9x`; the digit is a positional parameter.
    const first = p.type === 'concatenation' ? p.children[0] : p;
    value += dangling && first?.type === 'word' && /^\d/.test(v) ? positional(w.ctx) + v.slice(1) : v;
    dangling = (p.children[p.children.length - 1] ?? p).type === '$';
    if (!splits) splits = EXPANDING.has(p.type) || (p.type === 'concatenation' && anyExpanding(p.children));
    if (!quoted) quoted = p.type === 'string' || p.type === 'raw_string' || p.type === 'ansi_c_string';
  }
  const first = pieces[0];
  const last = pieces[pieces.length - 1];
  const start = first?.start ?? 0;
  const end = last?.end ?? start;
  return {
    value,
    raw: src.text.slice(start, end),
    start,
    end,
    quoted,
    runs: col.runs.length > before ? col.runs.slice(before) : NO_RUNS,
    splits,
  };
}

function anyExpanding(nodes: readonly SyntaxNode[]): boolean {
  for (const c of nodes) if (EXPANDING.has(c.type)) return true;
  return false;
}

const DEFAULT_IFS = ' \t\n';

/** Unquoted expansions split at $IFS, as the shell does (`$(echo rm -rf /)` is three words). */
export function splitWord(word: EvaluatedWord, ifs: string = DEFAULT_IFS): ArgWord[] {
  if (!word.splits) return [word];
  if (ifs === DEFAULT_IFS || ifs.includes(DYN)) {
    if (!/[ \t\n]/.test(word.value)) return [word];
    return word.value
      .split(/[ \t\n]+/)
      .filter((v) => v !== '')
      .map((value) => ({ ...word, value }));
  }
  const parts: string[] = [];
  let current = '';
  for (const ch of word.value) {
    if (!ifs.includes(ch)) current += ch;
    else if (current !== '') {
      parts.push(current);
      current = '';
    }
  }
  if (current !== '') parts.push(current);
  return parts.length === 1 && parts[0] === word.value ? [word] : parts.map((value) => ({ ...word, value }));
}
