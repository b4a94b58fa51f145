import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Each enum of the domain is declared once (zod first, in src-shared) and imported everywhere.
 * An enum here is a `z.enum([...])`, a union of string literals, or an `as const` list of
 * strings; two with the same values are the same enum declared twice.
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const strings = (nodes: readonly ts.Node[]): string[] | undefined => {
  const values = nodes.map((n) => (ts.isStringLiteral(n) ? n.text : undefined));
  return values.every((v) => v !== undefined) ? (values as string[]) : undefined;
};

function enumsIn(file: string): { values: string[]; where: string }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { values: string[]; where: string }[] = [];
  const add = (values: string[] | undefined, node: ts.Node) => {
    if (values && values.length > 1)
      found.push({
        values,
        where: `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`,
      });
  };
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      node.expression.getText() === 'z.enum' &&
      node.arguments[0] &&
      ts.isArrayLiteralExpression(node.arguments[0])
    )
      add(strings(node.arguments[0].elements), node);
    else if (ts.isTypeAliasDeclaration(node) && ts.isUnionTypeNode(node.type))
      add(strings(node.type.types.map((t) => (ts.isLiteralTypeNode(t) ? t.literal : t))), node);
    else if (
      ts.isAsExpression(node) &&
      node.type.getText() === 'const' &&
      ts.isArrayLiteralExpression(node.expression)
    )
      add(strings(node.expression.elements), node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the shared model', () => {
  it('declares each enum once', () => {
    const byValues = new Map<string, string[]>();
    for (const file of ['src-shared', 'src-main', 'src-renderer'].flatMap(sourceFiles))
      for (const { values, where } of enumsIn(file)) {
        const key = [...values].sort().join('|');
        byValues.set(key, [...(byValues.get(key) ?? []), where]);
      }
    const twice = [...byValues]
      .filter(([, where]) => where.length > 1)
      .map(([key, where]) => `${key}: ${where.join(', ')}`);
    expect(twice).toEqual([]);
  });
});
