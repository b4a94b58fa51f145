/**
 * The next most common shape after a plain command: plain words with quoted strings that expand
 * nothing (`git commit -m "fix: x"`, `grep -r 'TODO' src`), joined by `&&`, `||`, `|` or `;`.
 * Read here into exactly the tree the shell parser builds (a test compares the two on every
 * corpus command and on random ones); anything else (`$`, backquotes, escapes, redirects,
 * globs, newlines, keywords) returns null and goes to the parser.
 */
import type { SyntaxNode } from './parse';

/** Characters of an unquoted word this reader accepts: the plain set and `~`. */
const WORD_CHAR = new Uint8Array(128);
for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=,@%+-~')
  WORD_CHAR[c.charCodeAt(0)] = 1;

/** The shell's reserved words: at the head of a command the parser reads a compound command. */
export const RESERVED_WORDS = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'case',
  'esac',
  'for',
  'select',
  'while',
  'until',
  'do',
  'done',
  'function',
  'coproc',
  'in',
]);

/** Command names the parser reads as something other than a simple command. */
const SPECIAL_HEADS = new Set([
  ...RESERVED_WORDS,
  'time',
  'export',
  'declare',
  'local',
  'readonly',
  'typeset',
  'unset',
]);

const SPACE = 0x20;
const TAB = 0x09;
const DQUOTE = 0x22;
const SQUOTE = 0x27;
const PIPE = 0x7c;
const AMP = 0x26;
const SEMI = 0x3b;

/** The children of every leaf these fast readers build: shared, as nothing adds to a leaf. */
export const NO_CHILDREN: SyntaxNode[] = Object.freeze([]) as unknown as SyntaxNode[];

function leaf(type: string, start: number, end: number): SyntaxNode {
  return { type, start, end, children: NO_CHILDREN };
}

function group(type: string, children: SyntaxNode[]): SyntaxNode {
  const first = children[0];
  const last = children[children.length - 1];
  return { type, start: first?.start ?? 0, end: last?.end ?? 0, children };
}

/** Reads `text` from `i`: one piece of a word (plain run or quoted string), or null. */
function piece(text: string, i: number): SyntaxNode | null {
  const c = text.charCodeAt(i);
  const n = text.length;
  if (c === SQUOTE) {
    const close = text.indexOf("'", i + 1);
    if (close < 0) return null;
    for (let j = i + 1; j < close; j++) if (text.charCodeAt(j) === 0x0a) return null;
    return leaf('raw_string', i, close + 1);
  }
  if (c === DQUOTE) {
    let j = i + 1;
    for (; j < n; j++) {
      const d = text.charCodeAt(j);
      if (d === DQUOTE) break;
      // `$` and backquotes expand, a backslash escapes, and a newline ends the fast path.
      if (d === 0x24 || d === 0x60 || d === 0x5c || d === 0x0a || d === 0x0d) return null;
    }
    if (j >= n) return null;
    const children = [leaf('"', i, i + 1)];
    if (j > i + 1) children.push(leaf('string_content', i + 1, j));
    children.push(leaf('"', j, j + 1));
    return { type: 'string', start: i, end: j + 1, children };
  }
  let j = i;
  while (j < n) {
    const d = text.charCodeAt(j);
    if (d >= 128 || WORD_CHAR[d] !== 1) break;
    j++;
  }
  if (j === i) return null;
  // The parser reads `3` and `-1` as numbers; other words that start with a digit (`0x1f`,
  // `10#7`, `1.5`) are left to it rather than guessed.
  const first = text.charCodeAt(i) === 0x2d ? i + 1 : i;
  if (first < j && isDigit(text.charCodeAt(first))) {
    let k = first;
    while (k < j && isDigit(text.charCodeAt(k))) k++;
    return k === j ? leaf('number', i, j) : null;
  }
  return leaf('word', i, j);
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** Operator at `i` this reader accepts (`&&`, `||`, `|`, `;`), or ''. */
function operatorAt(text: string, i: number): string {
  const c = text.charCodeAt(i);
  const d = text.charCodeAt(i + 1);
  if (c === AMP) return d === AMP ? '&&' : '';
  if (c === PIPE) return d === PIPE ? '||' : d === AMP ? '' : '|';
  if (c === SEMI) return d === SEMI ? '' : ';';
  return '';
}

function isBlank(c: number): boolean {
  return c === SPACE || c === TAB;
}

/** A tree for `text` when it has only the shapes above, else null. */
export function quotedTree(text: string): SyntaxNode | null {
  const n = text.length;
  const statements: SyntaxNode[] = [];
  /** The list being built (`a && b`), its pipeline, and the pipeline's current command. */
  let list: SyntaxNode | null = null;
  let listOp: SyntaxNode | null = null;
  let stages: SyntaxNode[] = [];
  let words: SyntaxNode[] = [];
  let i = 0;
  const endCommand = (): boolean => {
    const head = words[0];
    if (!head || head.type !== 'word') return false;
    const name = text.slice(head.start, head.end);
    if (SPECIAL_HEADS.has(name) || name.includes('=')) return false;
    const commandName = { type: 'command_name', start: head.start, end: head.end, children: [head] };
    stages.push(group('command', [commandName, ...words.slice(1)]));
    words = [];
    return true;
  };
  const endPipeline = (): void => {
    const pipeline = stages.length === 1 && stages[0] ? stages[0] : group('pipeline', stages);
    stages = [];
    list = list && listOp ? group('list', [list, listOp, pipeline]) : pipeline;
    listOp = null;
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isBlank(c)) {
      i++;
      continue;
    }
    const op = operatorAt(text, i);
    if (op !== '') {
      if (!endCommand()) return null;
      const node = leaf(op, i, i + op.length);
      i += op.length;
      if (op === '|') stages.push(node);
      else {
        endPipeline();
        if (op === ';') {
          if (list) statements.push(list, node);
          list = null;
        } else listOp = node;
      }
      continue;
    }
    const pieces: SyntaxNode[] = [];
    for (let p = piece(text, i); p; p = i < n ? piece(text, i) : null) {
      pieces.push(p);
      i = p.end;
    }
    const next = text.charCodeAt(i);
    if (pieces.length === 0 || (i < n && !isBlank(next) && operatorAt(text, i) === '')) return null;
    const only = pieces.length === 1 ? pieces[0] : undefined;
    if (!only && pieces.some((p) => p.type === 'number')) return null;
    words.push(only ?? group('concatenation', pieces));
  }
  if (words.length > 0) {
    if (!endCommand()) return null;
    endPipeline();
  } else if (stages.length > 0 || listOp) return null;
  if (list) statements.push(list);
  if (statements.length === 0) return null;
  return { type: 'program', start: statements[0]?.start ?? 0, end: n, children: statements };
}
