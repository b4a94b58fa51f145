import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unsetKeys } from './gitConfigKeys';

let dir: string;
let config: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-gitkeys-'));
  config = join(dir, 'config');
  await writeFile(config, '[user]\n\tname = agent\n[core]\n\tpager = evil\n\tpager = worse\n');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('unsetKeys', () => {
  it('removes every value of a key and leaves the rest of the file', async () => {
    expect(await unsetKeys(config, ['core.pager'])).toEqual([]);
    const text = await readFile(config, 'utf8');
    expect(text).toContain('name = agent');
    expect(text).not.toContain('pager');
  });

  it('counts a key already gone as removed: the command may have removed it itself meanwhile', async () => {
    expect(await unsetKeys(config, ['core.fsmonitor', 'core.pager'])).toEqual([]);
    expect(await readFile(config, 'utf8')).toContain('name = agent');
  });

  it('waits for a lock another git lets go of, and says which keys it could not remove past that', async () => {
    await writeFile(`${config}.lock`, '');
    setTimeout(() => void rm(`${config}.lock`), 100);
    expect(await unsetKeys(config, ['core.pager'])).toEqual([]);
    expect(await readFile(config, 'utf8')).not.toContain('pager');
    await writeFile(config, '[core]\n\tpager = evil\n');
    await writeFile(`${config}.lock`, '');
    expect(await unsetKeys(config, ['core.pager'])).toEqual(['core.pager']);
    expect(await readFile(config, 'utf8')).toContain('pager = evil');
  });
});
