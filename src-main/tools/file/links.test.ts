import { lstat, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TerminalService } from '../../terminal/service';
import * as fileModule from '../file';
import { loadTools } from '../testing/harness';
import { fakeGate, localTerminal } from '../testing/terminal';

// The local file tools read and write the real file a link leads to, named in the gate's
// question; the I/O itself then follows no link (race.test.ts shows why).

let dir: string;
let terminal: TerminalService;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-file-links-'));
  await mkdir(join(dir, 'real', 'inner'), { recursive: true });
  await writeFile(join(dir, 'real', 'inner', 'notes.txt'), 'one\ntwo\n');
  await symlink(join(dir, 'real'), join(dir, 'folder-link'));
  await symlink(join(dir, 'real', 'inner', 'notes.txt'), join(dir, 'file-link'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await terminal.shutdown();
});

function tools() {
  ({ terminal } = localTerminal(dir));
  const gate = fakeGate();
  return { t: loadTools(fileModule, { terminal, commandGate: gate.gate }), gate };
}

describe('file tools through symlinks', () => {
  it('read_file reads what a link to a file or a folder leads to, under the path asked for', async () => {
    const { t } = tools();
    for (const path of ['file-link', 'folder-link/inner/notes.txt']) {
      expect(await t.json('read_file', { path })).toMatchObject({
        path: join(dir, path),
        content: '     1|one\n     2|two',
      });
    }
  });

  it('patch and write_file change the real file, ask about it, and leave the links as they were', async () => {
    const { t, gate } = tools();
    const real = join(dir, 'real', 'inner', 'notes.txt');
    expect(
      await t.json('patch', { path: 'folder-link/inner/notes.txt', old_string: 'two', new_string: '2' }),
    ).toMatchObject({
      replacements: 1,
    });
    expect(gate.checks.at(-1)?.command).toBe(
      `tee -- '${join(dir, 'folder-link/inner/notes.txt')}' '${real}'`,
    );
    expect(await t.json('write_file', { path: 'file-link', content: 'three\n' })).toMatchObject({
      target: real,
    });
    expect(await readFile(real, 'utf8')).toBe('three\n');
    expect((await lstat(join(dir, 'file-link'))).isSymbolicLink()).toBe(true);
    expect((await lstat(join(dir, 'folder-link'))).isSymbolicLink()).toBe(true);
  });
});
