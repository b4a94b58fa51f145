/**
 * Checks a packaged app.asar: what the app loads at run time is inside it. electron-builder packs
 * production dependencies only and unpacks native addons by rule, so a dependency moved to
 * devDependencies, or an addon left in the archive, breaks only the packaged app.
 */
import { builtinModules } from 'node:module';
import { posix } from 'node:path';
import type { Archive } from './archive';

export interface CheckSpec {
  /** Files the app needs: main, preload, renderer, icons. */
  required: string[];
  /** Bundles whose bare imports must resolve inside the archive. */
  entryBundles: string[];
  /** Packages with native addons, and a file name each must ship unpacked. */
  native: Record<string, string>;
}

export const APP_SPEC: CheckSpec = {
  required: [
    '/package.json',
    '/dist/electron/main.mjs',
    '/dist/electron/preload.cjs',
    '/dist/electron/mirrorWorker.mjs',
    '/dist/electron/linuxWrapWorker.mjs',
    '/dist/electron/keychainWorker.mjs',
    '/dist/renderer/index.html',
    '/resources/icon.png',
  ],
  entryBundles: [
    '/dist/electron/main.mjs',
    '/dist/electron/mirrorWorker.mjs',
    '/dist/electron/linuxWrapWorker.mjs',
    '/dist/electron/keychainWorker.mjs',
  ],
  // Checked where it runs (Linux x64): the keychain binding's addon ships in a package per platform.
  native: {
    'node-pty': 'pty.node',
    ssh2: 'sshcrypto.node',
    'tree-sitter-bash': 'tree-sitter-bash.node',
    '@napi-rs/keyring-linux-x64-gnu': 'keyring.linux-x64-gnu.node',
  },
};

/** Paths of our own that never belong in the app: tests, end-to-end specs, benchmarks, maps, sources. */
const FORBIDDEN: Array<[RegExp, string]> = [
  [/\.map$/, 'a source map'],
  [/\.(test|spec)\.[cm]?[jt]sx?$/, 'a test file'],
  [/^\/(e2e|bench|src-main|src-renderer|src-shared|scripts|test-results|out)\//, 'development files'],
];

const BUILTINS = new Set([...builtinModules, 'electron']);

interface Manifest {
  name?: string;
  main?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

export function checkArchive(archive: Archive, spec: CheckSpec = APP_SPEC): string[] {
  const problems: string[] = [];
  for (const path of spec.required) if (!archive.files.has(path)) problems.push(`missing ${path}`);
  for (const path of archive.files.keys())
    for (const [pattern, what] of FORBIDDEN) if (pattern.test(path)) problems.push(`${path} is ${what}`);
  problems.push(...checkNative(archive, spec.native));
  problems.push(...checkDependencies(archive, spec.entryBundles));
  return problems;
}

function checkNative(archive: Archive, native: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const [path, entry] of archive.files) {
    const addon = path.endsWith('.node') || /\/node-pty\/.*\/spawn-helper$/.test(path);
    if (!addon) continue;
    if (!entry.unpacked)
      problems.push(`${path} is inside app.asar and cannot be loaded (add it to asarUnpack)`);
    else if (!archive.unpackedPresent(path))
      problems.push(`${path} is marked unpacked but absent from app.asar.unpacked`);
  }
  for (const [name, file] of Object.entries(native)) {
    const prefix = `/node_modules/${name}/`;
    const found = [...archive.files].some(
      ([p, e]) => p.startsWith(prefix) && p.endsWith(`/${file}`) && e.unpacked,
    );
    if (!found) problems.push(`${name} has no unpacked ${file}`);
  }
  return problems;
}

/** `@scope/pkg/sub` → `@scope/pkg`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

const PACKAGE_NAME = /^(@[\w.-]+\/)?[\w.-]+(\/[^\s,]*)?$/;

/** Bare specifiers a bundle imports (static, dynamic and require). */
export function bareImports(code: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*["']([^"']+)["']/g,
    // A side-effect import starts a statement; `"--import", "x"` inside an array does not.
    /(?:^|[\n;{}])\s*import\s*["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire(?:\.resolve)?\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns)
    for (const match of code.matchAll(pattern)) {
      const spec = match[1] ?? '';
      if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:')) continue;
      // `"--import", "--loader"` in string data matches the side-effect pattern; names never hold spaces.
      if (!PACKAGE_NAME.test(spec)) continue;
      if (BUILTINS.has(packageName(spec)) || BUILTINS.has(spec)) continue;
      found.add(packageName(spec));
    }
  return [...found].sort();
}

/** Node's lookup: node_modules folders from `fromDir` up to the archive root. */
function resolvePackage(archive: Archive, fromDir: string, name: string): string | undefined {
  for (let dir = fromDir; ; dir = posix.dirname(dir)) {
    const candidate = `${dir === '/' ? '' : dir}/node_modules/${name}`;
    if (archive.files.has(`${candidate}/package.json`)) return candidate;
    if (dir === '/') return undefined;
  }
}

function checkDependencies(archive: Archive, bundles: string[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const queue: Array<{ from: string; name: string; by: string; optional: boolean }> = [];
  const root = readManifest(archive, '/package.json');
  for (const name of Object.keys(root?.dependencies ?? {}))
    queue.push({ from: '/', name, by: 'package.json', optional: false });
  for (const bundle of bundles) {
    if (!archive.files.has(bundle)) continue;
    for (const name of bareImports(archive.read(bundle)))
      queue.push({ from: posix.dirname(bundle), name, by: bundle, optional: false });
  }
  while (queue.length > 0) {
    const { from, name, by, optional } = queue.shift() ?? { from: '/', name: '', by: '', optional: true };
    const dir = resolvePackage(archive, from, name);
    if (!dir) {
      if (!optional) problems.push(`${name} (needed by ${by}) does not resolve inside app.asar`);
      continue;
    }
    if (seen.has(dir)) continue;
    seen.add(dir);
    const manifest = readManifest(archive, `${dir}/package.json`);
    const needs = (deps: Record<string, string> | undefined, isOptional: (n: string) => boolean): void => {
      for (const dep of Object.keys(deps ?? {}))
        queue.push({ from: dir, name: dep, by: name, optional: isOptional(dep) });
    };
    needs(manifest?.dependencies, (dep) => dep in (manifest?.optionalDependencies ?? {}));
    needs(manifest?.optionalDependencies, () => true);
    needs(manifest?.peerDependencies, (dep) => manifest?.peerDependenciesMeta?.[dep]?.optional === true);
  }
  return problems;
}

function readManifest(archive: Archive, path: string): Manifest | undefined {
  try {
    return JSON.parse(archive.read(path)) as Manifest;
  } catch {
    return undefined;
  }
}
