import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openArchive } from './archive';
import type { CheckSpec } from './asarCheck';
import { bareImports, checkArchive } from './asarCheck';

const asar = createRequire(createRequire(import.meta.url).resolve('app-builder-lib/package.json'))(
  '@electron/asar',
) as { createPackageWithOptions(src: string, dest: string, options: { unpack?: string }): Promise<void> };

const SPEC: CheckSpec = {
  required: ['/package.json', '/dist/electron/main.mjs', '/dist/electron/preload.cjs', '/resources/icon.png'],
  entryBundles: ['/dist/electron/main.mjs'],
  native: { 'node-pty': 'pty.node' },
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'caduceus-asar-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A small app tree: main imports `a` (which needs `b`) and node-pty, whose addon is native. */
function appTree(): Record<string, string> {
  const pkg = (name: string, deps: Record<string, string> = {}) =>
    JSON.stringify({ name, dependencies: deps });
  return {
    'package.json': JSON.stringify({
      name: 'app',
      main: 'dist/electron/main.mjs',
      dependencies: { a: '1', 'node-pty': '1' },
    }),
    'dist/electron/main.mjs':
      'import { readFile } from "node:fs";\nimport a from "a";\nconst pty = await import("node-pty");\n',
    'dist/electron/preload.cjs': 'require("electron");\n',
    'resources/icon.png': 'png',
    'node_modules/a/package.json': pkg('a', { b: '1' }),
    'node_modules/a/index.js': 'module.exports = require("b");',
    'node_modules/a/node_modules/b/package.json': pkg('b'),
    'node_modules/node-pty/package.json': pkg('node-pty'),
    'node_modules/node-pty/build/Release/pty.node': 'binary',
  };
}

async function pack(files: Record<string, string>, unpack: string | null = '*.node'): Promise<string> {
  const src = join(dir, 'app');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(src, path)), { recursive: true });
    writeFileSync(join(src, path), text);
  }
  const out = join(dir, 'app.asar');
  await asar.createPackageWithOptions(src, out, unpack ? { unpack } : {});
  return out;
}

describe('package check on a fabricated app.asar', () => {
  it('accepts an archive that holds everything the app loads', async () => {
    expect(checkArchive(openArchive(await pack(appTree())), SPEC)).toEqual([]);
  });

  it('fails when a transitive dependency is missing', async () => {
    const files = appTree();
    delete files['node_modules/a/node_modules/b/package.json'];
    expect(checkArchive(openArchive(await pack(files)), SPEC)).toEqual([
      'b (needed by a) does not resolve inside app.asar',
    ]);
  });

  it('fails when the bundle imports a package that was moved to devDependencies (so never packed)', async () => {
    const files = appTree();
    files['dist/electron/main.mjs'] += 'import { z } from "zod";\n';
    expect(checkArchive(openArchive(await pack(files)), SPEC)).toEqual([
      'zod (needed by /dist/electron/main.mjs) does not resolve inside app.asar',
    ]);
  });

  it('fails when a .node addon is left inside the archive', async () => {
    const problems = checkArchive(openArchive(await pack(appTree(), null)), SPEC);
    expect(problems).toContain(
      '/node_modules/node-pty/build/Release/pty.node is inside app.asar and cannot be loaded (add it to asarUnpack)',
    );
    expect(problems).toContain('node-pty has no unpacked pty.node');
  });

  it('fails when an unpacked addon is absent from app.asar.unpacked', async () => {
    const out = await pack(appTree());
    rmSync(join(`${out}.unpacked`, 'node_modules/node-pty/build/Release/pty.node'));
    expect(checkArchive(openArchive(out), SPEC)).toEqual([
      '/node_modules/node-pty/build/Release/pty.node is marked unpacked but absent from app.asar.unpacked',
    ]);
  });

  it('fails on test files, e2e specs, benchmarks and source maps, and on a missing preload', async () => {
    const files = appTree();
    files['dist/electron/main.test.mjs'] = '';
    files['e2e/app.spec.ts'] = '';
    files['bench/run.ts'] = '';
    files['dist/electron/main.mjs.map'] = '{}';
    delete files['dist/electron/preload.cjs'];
    expect(checkArchive(openArchive(await pack(files)), SPEC).sort()).toEqual(
      [
        'missing /dist/electron/preload.cjs',
        '/dist/electron/main.test.mjs is a test file',
        '/e2e/app.spec.ts is a test file',
        '/e2e/app.spec.ts is development files',
        '/bench/run.ts is development files',
        '/dist/electron/main.mjs.map is a source map',
      ].sort(),
    );
  });
});

describe('bareImports', () => {
  it('finds static, dynamic, require and require.resolve specifiers, not builtins or relative paths', () => {
    const code = [
      'import a from "pkg-a";',
      'import { x } from "@scope/b/sub/path.js";',
      'export * from "pkg-c";',
      'import "side-effect";',
      'const d = await import("pkg-d");',
      'require("pkg-e"); require.resolve("pkg-f/file.wasm");',
      'import fs from "node:fs"; import path from "path"; import e from "electron"; import r from "./rel.js";',
    ].join('\n');
    expect(bareImports(code)).toEqual([
      '@scope/b',
      'pkg-a',
      'pkg-c',
      'pkg-d',
      'pkg-e',
      'pkg-f',
      'side-effect',
    ]);
  });

  it('reads no specifier out of strings that merely contain the word import', () => {
    const code = 'const flags = new Set(["--require", "--import", "--loader"]);\nconst t = `import "x"`;';
    expect(bareImports(code)).toEqual([]);
  });
});
