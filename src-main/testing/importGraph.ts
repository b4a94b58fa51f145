/**
 * The import graph of our own TypeScript modules, read with the TypeScript parser: which file
 * imports which, whether only for types, and whether at start (static) or on first use
 * (`import()`). Package imports are kept by name so start-up cost can be checked too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  /** Repository-relative path of a module of ours, or a package name. */
  to: string;
  /** `import type`, or every named binding marked `type`: gone after compilation. */
  typeOnly: boolean;
  /** `import()` at the point of use rather than at module start. */
  lazy: boolean;
}

export type ImportGraph = Map<string, ImportEdge[]>;

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

function resolveSpecifier(root: string, from: string, specifier: string): string {
  if (!specifier.startsWith('.')) {
    const parts = specifier.split('/');
    return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
  }
  const base = resolve(dirname(join(root, from)), specifier);
  for (const ext of ['', ...EXTENSIONS]) {
    const candidate = relative(root, base + ext);
    if (/\.tsx?$/.test(candidate) && existsSync(join(root, candidate))) return candidate;
  }
  return relative(root, base);
}

function isTypeOnlyClause(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return (
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

function edgesOf(root: string, file: string): ImportEdge[] {
  const text = readFileSync(join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean, lazy: boolean) =>
    edges.push({ to: resolveSpecifier(root, file, specifier), typeOnly, lazy });
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, isTypeOnlyClause(node.importClause), false);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node.isTypeOnly, false);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false, true);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) add(literal.text, true, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** Every module under `dirs` (relative to `root`) with its imports; tests are left out. */
export function importGraph(root: string, dirs: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const dir of dirs) {
    for (const path of sourceFiles(join(root, dir))) {
      const file = relative(root, path);
      if (/\.test\.tsx?$/.test(file)) continue;
      graph.set(file, edgesOf(root, file));
    }
  }
  return graph;
}

/** Modules and packages loaded when `entry` is, following static value imports only. */
export function loadedAtStart(graph: ImportGraph, entry: string): Set<string> {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const edge of graph.get(file) ?? []) {
      if (edge.typeOnly || edge.lazy || seen.has(edge.to)) continue;
      seen.add(edge.to);
      queue.push(edge.to);
    }
  }
  return seen;
}

/** Groups of modules that import each other in a circle (strongly connected, more than one). */
export function importCircles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const { to } of graph.get(file) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file) ?? 0, index.get(to) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const circle: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      onStack.delete(top);
      circle.push(top);
      if (top === file) break;
    }
    if (circle.length > 1) circles.push(circle.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}
