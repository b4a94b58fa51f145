/**
 * Most agent commands are a single plain command (`npm test`, `git status`, `ls -la src`). With no
 * quotes, expansions, operators or globs, splitting at blanks is exactly how the shell reads them,
 * so they skip the parser. Quoted strings that expand nothing and `&&`, `||`, `|`, `;` are read by
 * quotedTree.ts; everything else goes to tree-sitter.
 */
import type { ParseBudget, SyntaxNode } from './parse';
import { isShellParserReady, parseShell } from './parse';
import { NO_CHILDREN, quotedTree, RESERVED_WORDS } from './quotedTree';

const PLAIN = /^[A-Za-z0-9_./:=,@%+ \t-]*$/;
const PLAIN_LIMIT = 4096;

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09;
}

/** The end of the blank run at `i`, or of the word at `i`. */
function skip(text: string, i: number, blank: boolean): number {
  const n = text.length;
  while (i < n && isBlank(text.charCodeAt(i)) === blank) i++;
  return i;
}

function plainTree(text: string): SyntaxNode | null {
  const n = text.length;
  const start = skip(text, 0, true);
  if (start === n) return { type: 'program', start: 0, end: n, children: [] };
  let end = skip(text, start, false);
  const name = text.slice(start, end);
  if (RESERVED_WORDS.has(name) || name.includes('=')) return null;
  const head: SyntaxNode = { type: 'word', start, end, children: NO_CHILDREN };
  // The command's children are its name and then the other words, built in one array.
  const children: SyntaxNode[] = [{ type: 'command_name', start, end, children: [head] }];
  for (let i = skip(text, end, true); i < n; i = skip(text, end, true)) {
    end = skip(text, i, false);
    children.push({ type: 'word', start: i, end, children: NO_CHILDREN });
  }
  const command: SyntaxNode = { type: 'command', start, end, children };
  return { type: 'program', start: 0, end: n, children: [command] };
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
