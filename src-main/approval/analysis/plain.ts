/**
 * Most agent commands are a single plain command (`npm test`, `git status`, `ls -la src`). With no
 * quotes, expansions, operators or globs, splitting at blanks is exactly how the shell reads them,
 * so they skip the parser. Quoted strings that expand nothing and `&&`, `||`, `|`, `;` are read by
 * quotedTree.ts; everything else goes to tree-sitter.
 */
import type { ParseBudget, SyntaxNode } from './parse';
import { isShellParserReady, parseShell } from './parse';
import { quotedTree } from './quotedTree';

const PLAIN = /^[A-Za-z0-9_./:=,@%+ \t-]*$/;
const PLAIN_LIMIT = 4096;
const RESERVED = new Set([
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

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09;
}

function plainTree(text: string): SyntaxNode | null {
  const words: SyntaxNode[] = [];
  const n = text.length;
  for (let i = 0; i < n;) {
    while (i < n && isBlank(text.charCodeAt(i))) i++;
    if (i === n) break;
    const start = i;
    while (i < n && !isBlank(text.charCodeAt(i))) i++;
    words.push({ type: 'word', start, end: i, children: [] });
  }
  const head = words[0];
  if (!head) return { type: 'program', start: 0, end: text.length, children: [] };
  const name = text.slice(head.start, head.end);
  if (RESERVED.has(name) || name.includes('=')) return null;
  const commandName: SyntaxNode = {
    type: 'command_name',
    start: head.start,
    end: head.end,
    children: [head],
  };
  const last = words[words.length - 1] ?? head;
  const command: SyntaxNode = {
    type: 'command',
    start: head.start,
    end: last.end,
    children: [commandName, ...words.slice(1)],
  };
  return { type: 'program', start: 0, end: text.length, children: [command] };
}

/** A tree for `text`: from the fast path when it is plain, else from the shell parser (null if that fails). */
export function parseCommandText(text: string, budget: ParseBudget): SyntaxNode | null {
  if (text.length <= PLAIN_LIMIT) {
    const plain = PLAIN.test(text);
    // Until the parser is loaded only plain commands are read, as before quotedTree existed.
    const quoted = !plain && text.length <= budget.chars && isShellParserReady();
    const tree = plain ? plainTree(text) : quoted ? quotedTree(text) : null;
    if (tree) {
      // Text the parser would have read still counts against its budget, as it did before.
      if (!plain) budget.chars -= text.length;
      return tree;
    }
  }
  return parseShell(text, budget);
}
