import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findDeadExports } from './deadExports';

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

async function tree(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'dead-exports-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

describe('deadExports', () => {
  it('finds an export nothing uses, and only that one', async () => {
    const root = await tree({
      'src-main/lib.ts': [
        'export function used() { return 1; }',
        'export function planted() { return 2; }',
        'export interface Shape { a: number }',
        'export function shaped(): Shape { return { a: 1 }; }',
        'export const lazy = 3;',
      ].join('\n'),
      'src-main/lazy.ts': 'export const loaded = 1;',
      'src-main/app.ts':
        "import { used, shaped } from './lib';\nexport const all = () => [used(), shaped(), import('./lazy')];",
      'src-main/app.test.ts': "import { all } from './app';\nall();",
    });
    expect(findDeadExports(root)).toEqual([
      { file: 'src-main/lib.ts', name: 'planted' },
      { file: 'src-main/lib.ts', name: 'lazy' },
    ]);
  });

  it('counts a re-export as a use of the original, and reports the unused re-export', async () => {
    const root = await tree({
      'src-shared/a.ts': 'export const one = 1;\nexport const two = 2;',
      'src-shared/index.ts': "export { one, two } from './a';",
      'src-renderer/page.tsx': "import { one } from '../src-shared/index';\nexport default one;",
      'src-renderer/main.tsx': "import page from './page';\nconsole.log(page);",
    });
    expect(findDeadExports(root)).toEqual([{ file: 'src-shared/index.ts', name: 'two' }]);
  });
});
