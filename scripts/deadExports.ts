/**
 * Fails when a module of src-main, src-shared or src-renderer exports a name that neither it
 * nor any other file uses (tests, scripts, e2e and bench count as importers). Reads imports with the
 * TypeScript parser only, so it runs in seconds. `npx tsx scripts/deadExports.ts [root]`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Where exports are checked. */
const CHECKED = ['src-main', 'src-shared', 'src-renderer'];
/** Where importers are read (besides the checked folders). */
const READ = [...CHECKED, 'scripts', 'bin', 'bench', 'e2e'];
/** Files loaded by a bundler or a runtime, not imported: their exports are their interface. */
const ENTRIES = [
  'src-main/cli/main.ts',
  'src-main/electron/main.ts',
  'src-main/electron/preload.ts',
  'src-main/terminal/mirror/mirrorWorker.ts',
  'src-main/sandbox/linuxWrapWorker.ts',
  'src-renderer/main.tsx',
  // Vitest's global setup (vitest.config.ts).
  'src-main/testing/testHomes.ts',
];
const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file);

function sourceFiles(root: string, dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(root, path);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const modifiers = (node: ts.Node): readonly ts.ModifierLike[] =>
  (ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined) ?? [];
const hasExport = (node: ts.Node) => modifiers(node).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** Names a file exports itself (re-exports from elsewhere included, `export *` not). */
function exportsOf(source: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const statement of source.statements) {
    if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    )
      names.push(...statement.exportClause.elements.map((e) => e.name.text));
    else if (ts.isExportAssignment(statement)) names.push('default');
    else if (hasExport(statement)) {
      const isDefault = modifiers(statement).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
      if (isDefault) names.push('default');
      else if (ts.isVariableStatement(statement))
        for (const d of statement.declarationList.declarations) {
          if (ts.isIdentifier(d.name)) names.push(d.name.text);
        }
      else {
        const name = (statement as ts.DeclarationStatement).name;
        if (name && ts.isIdentifier(name)) names.push(name.text);
      }
    }
  }
  return names;
}

/** Names used in the file besides where they are declared and exported. */
function namesUsedIn(source: ts.SourceFile): Set<string> {
  const used = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isExportDeclaration(node)) return;
    if (ts.isIdentifier(node)) {
      const parent = node.parent;
      const declares =
        parent &&
        (ts.isFunctionDeclaration(parent) ||
          ts.isClassDeclaration(parent) ||
          ts.isInterfaceDeclaration(parent) ||
          ts.isTypeAliasDeclaration(parent) ||
          ts.isEnumDeclaration(parent) ||
          ts.isVariableDeclaration(parent)) &&
        parent.name === node;
      if (!declares) used.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return used;
}

/** What a file takes from each module it names: export names, or '*' for all of them. */
function importsOf(source: ts.SourceFile): { specifier: string; names: string[] }[] {
  const found: { specifier: string; names: string[] }[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const specifier = (node.moduleSpecifier as ts.StringLiteral).text;
      const names: string[] = [];
      if (ts.isImportDeclaration(node)) {
        const clause = node.importClause;
        if (clause?.name) names.push('default');
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
        if (bindings && ts.isNamedImports(bindings))
          names.push(...bindings.elements.map((e) => (e.propertyName ?? e.name).text));
      } else if (!node.exportClause || ts.isNamespaceExport(node.exportClause)) names.push('*');
      else names.push(...node.exportClause.elements.map((e) => (e.propertyName ?? e.name).text));
      found.push({ specifier, names });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) {
        const first =
          node.qualifier && (ts.isIdentifier(node.qualifier) ? node.qualifier : node.qualifier.left);
        found.push({ specifier: literal.text, names: [first && ts.isIdentifier(first) ? first.text : '*'] });
      }
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      // A lazily loaded module is used through whatever it exports.
      found.push({ specifier: node.arguments[0].text, names: ['*'] });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export interface DeadExport {
  file: string;
  name: string;
}

export function findDeadExports(root: string): DeadExport[] {
  const files = READ.flatMap((dir) => sourceFiles(root, dir));
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
  };
  const host = ts.createCompilerHost(options);
  const used = new Map<string, Set<string>>();
  const exported = new Map<string, string[]>();
  const local = new Map<string, Set<string>>();
  for (const file of files) {
    const absolute = resolve(root, file);
    const text = readFileSync(absolute, 'utf8');
    const source = ts.createSourceFile(absolute, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    exported.set(absolute, exportsOf(source));
    local.set(absolute, namesUsedIn(source));
    for (const { specifier, names } of importsOf(source)) {
      if (!specifier.startsWith('.')) continue;
      const target = ts.resolveModuleName(specifier, absolute, options, host).resolvedModule
        ?.resolvedFileName;
      const key = target ? resolve(target) : resolve(dirname(absolute), specifier);
      const set = used.get(key) ?? new Set<string>();
      for (const name of names) set.add(name);
      used.set(key, set);
    }
  }
  const dead: DeadExport[] = [];
  for (const [absolute, names] of exported) {
    const file = relative(root, absolute);
    if (!CHECKED.some((dir) => file.startsWith(`${dir}/`)) || isTest(file) || ENTRIES.includes(file))
      continue;
    const set = used.get(absolute);
    if (set?.has('*')) continue;
    // An export its own module uses (a type in a signature) is part of that module's interface.
    const inFile = local.get(absolute);
    for (const name of names) if (!set?.has(name) && !inFile?.has(name)) dead.push({ file, name });
  }
  return dead;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dead = findDeadExports(resolve(process.argv[2] ?? '.'));
  for (const { file, name } of dead) console.error(`${file}: ${name} is exported but imported nowhere`);
  if (dead.length > 0) {
    console.error(`${dead.length} unused export(s): remove the export, or the code.`);
    process.exit(1);
  }
  console.log('No unused exports.');
}
