import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Every regex literal in the approval sources, found with the TypeScript parser. */
function regexLiterals(): Array<{ file: string; source: string; flags: string }> {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  );
  const found: Array<{ file: string; source: string; flags: string }> = [];
  for (const file of files) {
    const sf = ts.createSourceFile(
      file,
      readFileSync(join(root, file), 'utf8'),
      ts.ScriptTarget.ES2022,
      true,
    );
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(sf);
        const slash = text.lastIndexOf('/');
        found.push({ file, source: text.slice(1, slash), flags: text.slice(slash + 1) });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}

/**
 * Star height above one (an unbounded quantifier inside an unboundedly repeated group) is the
 * classic shape of catastrophic backtracking; none is allowed.
 */
function nestedUnbounded(source: string): boolean {
  const stack: boolean[] = [];
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source.charAt(i);
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') stack.push(false);
    else if (c === ')') {
      const innerUnbounded = stack.pop() ?? false;
      const after = source.slice(i + 1, i + 4);
      const outerUnbounded = /^(?:[*+]|\{\d+,\})/.test(after);
      if (innerUnbounded && outerUnbounded) return true;
      if (innerUnbounded && stack.length > 0) stack[stack.length - 1] = true;
    } else if (
      (c === '*' || c === '+' || (c === '{' && /^\{\d+,\}/.test(source.slice(i)))) &&
      stack.length > 0
    )
      stack[stack.length - 1] = true;
  }
  return false;
}

const literals = regexLiterals();
const CHARS = [' ', '\t', '\n', 'a', '0', '/', '-', ','];
/** Long enough that a quadratic pattern runs far past the test timeout, while linear ones take milliseconds. */
const N = 200_000;

describe('regex safety', () => {
  it('finds the literals', () => {
    expect(literals.length).toBeGreaterThan(30);
  });

  it.each(literals.map((l) => [`${l.file}: /${l.source}/${l.flags}`, l] as const))(
    '%s has no nested unbounded quantifier',
    (_name, l) => {
      expect(nestedUnbounded(l.source)).toBe(false);
    },
  );

  // One test each, failing by running past its timeout: a linear pattern takes a tenth of a
  // second here, a quadratic one minutes. Together they take tens of seconds.
  it.each(literals.map((l) => [`${l.file}: /${l.source}/${l.flags}`, l] as const))(
    '%s finishes on long runs of each character after its own keywords',
    (_name, l) => {
      const re = new RegExp(l.source, l.flags.replace(/[gy]/g, ''));
      const keywords = ['', ...(l.source.match(/[A-Za-z]{2,}/g) ?? []).slice(0, 4)];
      for (const prefix of keywords) {
        for (const c of CHARS) {
          re.test(prefix + c.repeat(N) + '\u0001');
          re.test(prefix + (c + prefix).repeat(N / (prefix.length + 1)) + '\u0001');
        }
      }
    },
    10_000,
  );
});
