import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The first screen checks what serve sends by hand (src-shared/ipc/serverMessage.ts) and takes
// the rest of src-shared from modules without schemas: zod would cost it the library's parse and
// the build of every schema a shared module makes at load (about 20 ms of a 2-core machine's
// start). Parts loaded later (the settings dialog) may use schemas.
const ROOT = resolve(__dirname, '..');
/** The entry, and the app it loads as soon as its first request is sent. */
const FIRST_SCREEN = ['main.tsx', 'startApp.tsx'].map((file) => join(ROOT, 'src-renderer', file));
/**
 * Imports and re-exports that load a module with the one importing it; `import type` and
 * `export type` load nothing, and `import()` elsewhere loads a part later.
 */
const LOADS = /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\bfrom\s*)?['"]([^'"]+)['"]/g;

function resolveModule(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (path) => /\.tsx?$/.test(path) && existsSync(path),
  );
}

/** Each module of the first screen that imports `zod`, with the chain of imports that reaches it. */
function schemaChains(): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(LOADS)) {
      const specifier = match[1] ?? '';
      if (specifier === 'zod' || specifier.startsWith('zod/'))
        found.push([...chain, file].map((f) => relative(ROOT, f)).join(' → '));
      else if (specifier.startsWith('.')) {
        const next = resolveModule(file, specifier);
        if (next) visit(next, [...chain, file]);
      }
    }
  };
  for (const file of FIRST_SCREEN) visit(file, []);
  return found;
}

describe("the page's first screen", () => {
  it('loads no schema library', () => {
    expect(schemaChains()).toEqual([]);
  });

  it('reads which imports load a module', () => {
    const text = "import { z } from 'zod';\nexport const a = z.string();";
    expect([...text.matchAll(LOADS)].map((m) => m[1])).toEqual(['zod']);
    expect([..."import type { A } from './x';".matchAll(LOADS)]).toEqual([]);
    expect([..."export { a } from './x';".matchAll(LOADS)].map((m) => m[1])).toEqual(['./x']);
    expect([..."const m = import('./lazy');".matchAll(LOADS)]).toEqual([]);
  });
});
