import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TerminalService } from '../terminal/service';
import * as fileModule from './file';
import { fakeGate, localTerminal, refusing, type FakeGate } from './testing/terminal';
import { loadTools } from './testing/harness';

let dir: string;
let terminal: TerminalService;
let gate: FakeGate;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-file-tools-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await terminal.shutdown();
});

function tools() {
  ({ terminal } = localTerminal(dir));
  gate = fakeGate();
  return loadTools(fileModule, { terminal, commandGate: gate.gate });
}

const errorOf = async (result: Promise<string>) => (JSON.parse(await result) as { error?: string }).error;

describe('file tools: registration', () => {
  it('offers reads without a gate but writes only with one, and declares batching hints', async () => {
    ({ terminal } = localTerminal(dir));
    const t = loadTools(fileModule, { terminal });
    expect(await t.unavailable('read_file')).toBeUndefined();
    expect(await t.unavailable('search_files')).toBeUndefined();
    expect(await t.unavailable('write_file')).toMatch(/no approval gate/);
    expect(await t.unavailable('patch')).toMatch(/no approval gate/);
    const entry = (name: string) => t.runtime.registry.get(name);
    expect([entry('read_file')?.parallelSafe, entry('read_file')?.pathArg]).toEqual([true, 'path']);
    expect([entry('search_files')?.parallelSafe, entry('search_files')?.pathArg]).toEqual([true, undefined]);
    expect([entry('write_file')?.parallelSafe, entry('write_file')?.pathArg]).toEqual([false, 'path']);
    expect([entry('patch')?.parallelSafe, entry('patch')?.pathArg]).toEqual([false, 'path']);
  });
});

describe('read_file', () => {
  it('numbers lines, pages with offset and limit, and resolves paths against the task cwd', async () => {
    const t = tools();
    await mkdir(join(dir, 'sub'), { recursive: true });
    await writeFile(join(dir, 'sub', 'lines.txt'), 'one\ntwo\r\nthree\nfour\n');
    await terminal.run({ taskId: 'task-1', toolCallId: 'c', command: 'cd sub' });
    expect(await t.json('read_file', { path: 'lines.txt', offset: 2, limit: 2 })).toEqual({
      path: join(dir, 'sub', 'lines.txt'),
      content: '     2|two\n     3|three',
      start_line: 2,
      end_line: 3,
      total_lines: 4,
      file_size: 20,
      next_offset: 4,
      hint: '1 more lines; read on with offset=4',
    });
    expect(await t.json('read_file', { path: '../sub/lines.txt', offset: 4 })).toMatchObject({
      content: '     4|four',
      end_line: 4,
    });
    expect(await errorOf(t.call('read_file', { path: 'lines.txt', offset: 9 }))).toMatch(
      /past the end .* \(4 lines\)/,
    );
  });

  it('refuses binary, huge, missing and directory paths with a clear reason', async () => {
    const t = tools();
    await writeFile(
      join(dir, 'image.png'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    );
    expect(await errorOf(t.call('read_file', { path: 'image.png' }))).toMatch(
      /looks like a binary file \(12 bytes\)/,
    );
    await writeFile(join(dir, 'huge.log'), '');
    await truncate(join(dir, 'huge.log'), 11 * 1024 * 1024);
    expect(await errorOf(t.call('read_file', { path: 'huge.log' }))).toMatch(
      /11\.0 MB, more than read_file reads/,
    );
    expect(await errorOf(t.call('read_file', { path: 'absent.txt' }))).toBe(
      `${join(dir, 'absent.txt')} does not exist`,
    );
    expect(await errorOf(t.call('read_file', { path: '.' }))).toMatch(/is a directory/);
  });
});

describe('write_file', () => {
  it('creates parent directories and passes the gate as the equivalent tee command', async () => {
    const t = tools();
    const path = join(dir, 'made', 'by', 'tool.txt');
    expect(await t.json('write_file', { path: 'made/by/tool.txt', content: 'héllo\n' })).toEqual({
      path,
      bytes_written: 7,
      created: true,
    });
    expect(await readFile(path, 'utf8')).toBe('héllo\n');
    expect(gate.checks.map((c) => c.command)).toEqual([`tee -- '${path}'`]);
  });

  it('writes nothing when the gate denies or blocks the write', async () => {
    const t = tools();
    gate.decide = refusing(/secret/);
    expect(await t.json('write_file', { path: 'secret/key', content: 'x' })).toEqual({
      error: 'the user denied this command',
      approval: 'denied',
    });
    gate.decide = refusing(/secret/, true);
    expect(await t.json('write_file', { path: 'secret/key', content: 'x' })).toMatchObject({
      approval: 'blocked',
    });
    expect(existsSync(join(dir, 'secret'))).toBe(false);
  });
});

describe('patch', () => {
  it('replaces a unique string, or every occurrence when asked', async () => {
    const t = tools();
    await writeFile(join(dir, 'code.ts'), 'let a = 1;\nlet b = 1;\n');
    expect(await t.json('patch', { path: 'code.ts', old_string: 'a = 1', new_string: 'a = 2' })).toEqual({
      path: join(dir, 'code.ts'),
      replacements: 1,
    });
    expect(
      await t.json('patch', { path: 'code.ts', old_string: '= ', new_string: ':= ', replace_all: true }),
    ).toMatchObject({
      replacements: 2,
    });
    expect(await readFile(join(dir, 'code.ts'), 'utf8')).toBe('let a := 2;\nlet b := 1;\n');
    expect(gate.checks.at(-1)?.command).toBe(`tee -- '${join(dir, 'code.ts')}'`);
  });

  it('fails clearly when the text is missing or not unique, and leaves the file alone', async () => {
    const t = tools();
    await writeFile(join(dir, 'dup.py'), 'def f():\n    return 1\n\nreturn 1\n');
    expect(
      await errorOf(t.call('patch', { path: 'dup.py', old_string: 'return 1', new_string: 'return 2' })),
    ).toBe(
      `old_string occurs 2 times in ${join(dir, 'dup.py')} (lines 2, 4). Include more surrounding lines to make it unique, or set replace_all to replace every occurrence.`,
    );
    expect(
      await errorOf(t.call('patch', { path: 'dup.py', old_string: 'def f():\n  return 1', new_string: 'x' })),
    ).toMatch(
      /old_string was not found in .*dup\.py\. Its first line appears, with different indentation or surroundings, at line 1/,
    );
    expect(await readFile(join(dir, 'dup.py'), 'utf8')).toBe('def f():\n    return 1\n\nreturn 1\n');
    expect(gate.checks).toEqual([]);
  });

  it('keeps CRLF line endings and a byte order mark', async () => {
    const t = tools();
    await writeFile(join(dir, 'win.txt'), '\ufeffa\r\nb\r\n');
    await t.json('patch', { path: 'win.txt', old_string: 'a\nb', new_string: 'a\nB\nc' });
    expect(await readFile(join(dir, 'win.txt'), 'utf8')).toBe('\ufeffa\r\nB\r\nc\r\n');
  });

  it('applies a unified diff and refuses one that does not match', async () => {
    const t = tools();
    await writeFile(join(dir, 'list.txt'), 'zero\none\ntwo\nthree\nfour\n');
    const diff = '--- a/list.txt\n+++ b/list.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n';
    expect(await t.json('patch', { path: 'list.txt', mode: 'diff', diff })).toMatchObject({
      hunks_applied: 1,
    });
    expect(await readFile(join(dir, 'list.txt'), 'utf8')).toBe('zero\none\nTWO\nthree\nfour\n');
    expect(await errorOf(t.call('patch', { path: 'list.txt', mode: 'diff', diff }))).toMatch(
      /hunk 1 \(@@ -1,3 \+1,3 @@\) does not match .*list\.txt/,
    );
  });

  it('asks the gate after checking the edit, and writes nothing when denied', async () => {
    const t = tools();
    await writeFile(join(dir, 'guarded.txt'), 'keep\n');
    gate.decide = refusing(/guarded/);
    expect(
      await t.json('patch', { path: 'guarded.txt', old_string: 'keep', new_string: 'lose' }),
    ).toMatchObject({
      approval: 'denied',
    });
    expect(await readFile(join(dir, 'guarded.txt'), 'utf8')).toBe('keep\n');
  });
});

describe('search_files', () => {
  it('finds content with line numbers and files by glob, relative to the working directory', async () => {
    const t = tools();
    await mkdir(join(dir, 'proj', 'lib'), { recursive: true });
    await writeFile(join(dir, 'proj', 'lib', 'x.ts'), 'export const needle = 1;\n');
    await writeFile(join(dir, 'proj', 'y.js'), 'needle();\n');
    expect(await t.json('search_files', { pattern: 'need(le)', path: 'proj', file_glob: '*.ts' })).toEqual({
      matches: [{ path: 'proj/lib/x.ts', line: 1, text: 'export const needle = 1;' }],
      count: 1,
      engine: 'ripgrep',
    });
    expect(await t.json('search_files', { pattern: '*.js', target: 'files', path: 'proj' })).toMatchObject({
      files: ['proj/y.js'],
    });
    expect(await errorOf(t.call('search_files', { pattern: 'x', path: 'nowhere' }))).toMatch(/nowhere/);
  });

  it('says it found nothing when nothing matches, in content or names, rather than failing', async () => {
    const t = tools();
    await mkdir(join(dir, 'empty-hits'), { recursive: true });
    await writeFile(join(dir, 'empty-hits', 'a.txt'), 'hay\n');
    expect(await t.json('search_files', { pattern: 'needle', path: 'empty-hits' })).toEqual({
      matches: [],
      count: 0,
      engine: 'ripgrep',
    });
    expect(
      await t.json('search_files', { pattern: '*.md', target: 'files', path: 'empty-hits' }),
    ).toMatchObject({
      files: [],
    });
  });
});
