import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { lineCounts } from './lineCounts';
import { isolatedEnv } from './storeGit';
import { cleanup, tempDir } from './testing/workspaceFixture';

const dir = tempDir('ck-lines');
afterAll(() => cleanup(dir));

/** What git itself counts for the same two versions. */
function gitCounts(a: string, b: string): [number, number] {
  writeFileSync(join(dir, 'a'), a);
  writeFileSync(join(dir, 'b'), b);
  const out = spawnSync('git', ['diff', '--no-index', '--numstat', 'a', 'b'], {
    cwd: dir,
    env: isolatedEnv(),
  })
    .stdout.toString()
    .trim();
  return out === '' ? [0, 0] : (out.split('\t').slice(0, 2).map(Number) as [number, number]);
}

it('counts lines as git does', () => {
  const cases: [string, string][] = [
    ['a\nb\nc\n', 'a\nB\nc\nd\n'],
    ['', 'new\nfile\n'],
    ['gone\n', ''],
    ['x\ny\nz\n', 'z\ny\nx\n'],
    ['no newline', 'no newline\n'],
    [
      Array.from({ length: 50 }, (_, i) => `l${i}`).join('\n'),
      Array.from({ length: 50 }, (_, i) => `l${i % 7 ? i : 'x'}`).join('\n'),
    ],
  ];
  for (const [a, b] of cases) {
    const mine = lineCounts(Buffer.from(a), Buffer.from(b));
    const [ins, del] = a === b ? [0, 0] : gitCounts(a, b);
    expect([mine.insertions, mine.deletions], JSON.stringify([a, b])).toEqual([ins, del]);
  }
  expect(lineCounts(Buffer.from([0, 1]), Buffer.from('x'))).toEqual({
    insertions: 0,
    deletions: 0,
    binary: true,
  });
});
