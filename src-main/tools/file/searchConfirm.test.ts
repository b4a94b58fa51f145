import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeFileAccess } from './nodeAccess';
import { confirmContentLines } from './searchConfirm';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-confirm-'));
  await writeFile(join(dir, 'a.txt'), `short alpha\n${'alpha'.padEnd(900, 'x')}\r\n`);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('confirming search lines against the files they name', () => {
  it('keeps what the file holds, long lines shown as a preview included', async () => {
    const found = await new NodeFileAccess().search({
      root: dir,
      target: 'content',
      pattern: 'alpha',
      limit: 10,
    });
    expect(found.lines).toHaveLength(2);
    expect(found.lines[0]).toBe(`${join(dir, 'a.txt')}:1:short alpha`);
  });

  it('drops lines the named file does not hold, or that are named through a link', async () => {
    const link = join(dir, 'link');
    await symlink(dir, link);
    const request = { root: dir, target: 'content' as const, pattern: 'alpha', limit: 10 };
    const lines = [
      `${dir}/a.txt:1:short alpha`,
      `${dir}/a.txt:1:secret from elsewhere`,
      `${dir}/a.txt:9:short alpha`,
      `${dir}/gone.txt:1:short alpha`,
      `${link}/a.txt:1:short alpha`,
    ];
    const confirmed = await confirmContentLines(request, { lines, truncated: false, engine: 'ripgrep' });
    expect(confirmed.lines).toEqual([`${dir}/a.txt:1:short alpha`]);
  });
});
