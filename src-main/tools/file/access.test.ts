import { execFileSync } from 'node:child_process';
import { chmod, lstat, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TerminalService } from '../../terminal/service';
import { which } from '../../terminal/which';
import type { FileAccess } from './access';
import { NodeFileAccess } from './nodeAccess';
import { ShellFileAccess } from './shellAccess';

let dir: string;
const services: TerminalService[] = [];

/** A PATH with the usual tools but neither ripgrep nor find, to exercise the shell fallbacks. */
async function barePath(): Promise<string> {
  const bin = join(dir, 'bare-bin');
  await mkdir(bin);
  for (const tool of [
    'cat',
    'wc',
    'base64',
    'head',
    'grep',
    'mkdir',
    'rm',
    'mv',
    'chmod',
    'readlink',
    'realpath',
  ]) {
    const found = await which(tool);
    if (found) await symlink(found, join(bin, tool));
  }
  return bin;
}

function shell(env: Record<string, string> = {}): FileAccess {
  const terminal = new TerminalService({ config: { local: { cwd: dir }, env } });
  services.push(terminal);
  return new ShellFileAccess(terminal.environments.get('files'));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-file-access-'));
});
afterAll(async () => {
  await Promise.all(services.map((s) => s.shutdown()));
  await rm(dir, { recursive: true, force: true });
});

const ALL_BYTES = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

const implementations: [string, string, () => Promise<FileAccess>][] = [
  ['node:fs with ripgrep', 'ripgrep', async () => new NodeFileAccess()],
  ['node:fs without ripgrep', 'node', async () => new NodeFileAccess({ ripgrep: null })],
  ['shell with ripgrep', 'ripgrep', async () => shell()],
  ['shell with neither ripgrep nor find', 'posix', async () => shell({ PATH: await barePath() })],
];

describe.each(implementations)('FileAccess: %s', (label, engine, make) => {
  let files: FileAccess;
  let root: string;

  beforeAll(async () => {
    files = await make();
    root = join(dir, label.replace(/\W+/g, '-'));
    await mkdir(join(root, 'src', 'deep'), { recursive: true });
    await mkdir(join(root, '.hidden'));
    await writeFile(join(root, 'src', 'a.ts'), 'const alpha = 1;\nconst beta = 2;\n');
    await writeFile(join(root, 'src', 'deep', 'b.ts'), 'let alpha = 3;\n');
    await writeFile(join(root, 'src', 'c.md'), 'alpha in prose\n');
    await writeFile(join(root, '.hidden', 'd.ts'), 'alpha hidden\n');
  });

  it('reads bytes exactly, and says what is not a readable file', async () => {
    await writeFile(join(root, 'bytes.bin'), ALL_BYTES);
    expect(await files.read(join(root, 'bytes.bin'), 1_000)).toEqual({
      kind: 'file',
      size: 256,
      data: ALL_BYTES,
    });
    expect(await files.read(join(root, 'bytes.bin'), 100)).toEqual({ kind: 'file', size: 256 });
    expect(await files.read(join(root, 'nope'), 100)).toEqual({ kind: 'missing' });
    expect(await files.read(join(root, 'src'), 100)).toEqual({ kind: 'directory' });
    execFileSync('mkfifo', [join(root, 'pipe')]);
    expect(await files.read(join(root, 'pipe'), 100)).toEqual({ kind: 'special' });
  });

  it('writes any bytes, creating directories, and reports whether the file is new', async () => {
    const path = join(root, 'new', 'dir', 'out.bin');
    expect(await files.write(path, ALL_BYTES)).toEqual({ created: true });
    expect(await readFile(path)).toEqual(ALL_BYTES);
    const big = Buffer.alloc(300_000, 'x');
    expect(await files.write(path, big)).toEqual({ created: false });
    expect((await readFile(path)).length).toBe(300_000);
  });

  it('keeps the mode of a file it replaces and writes through symlinks', async () => {
    const script = join(root, 'run.sh');
    await writeFile(script, 'echo old\n');
    await chmod(script, 0o750);
    await files.write(script, Buffer.from('echo new\n'));
    expect((await stat(script)).mode & 0o777).toBe(0o750);
    const link = join(root, 'link.sh');
    await symlink(script, link);
    const target = await files.writeTarget(link);
    expect(target).toBe(script);
    await files.write(target, Buffer.from('echo linked\n'));
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readFile(script, 'utf8')).toBe('echo linked\n');
  });

  it('searches content by regex with a file glob, skipping hidden files, within a limit', async () => {
    const all = await files.search({ root, target: 'content', pattern: 'alph[a]', limit: 10 });
    expect(all.lines.sort()).toEqual([
      `${root}/src/a.ts:1:const alpha = 1;`,
      `${root}/src/c.md:1:alpha in prose`,
      `${root}/src/deep/b.ts:1:let alpha = 3;`,
    ]);
    expect(all.truncated).toBe(false);
    expect(all.engine).toBe(engine);
    const ts = await files.search({ root, target: 'content', pattern: 'alpha|beta', glob: '*.ts', limit: 2 });
    expect(ts.lines).toHaveLength(2);
    expect(ts.truncated).toBe(true);
    expect(ts.lines.every((line) => line.includes('.ts:'))).toBe(true);
    const one = await files.search({
      root: join(root, 'src', 'a.ts'),
      target: 'content',
      pattern: 'beta',
      limit: 5,
    });
    expect(one.lines).toEqual([`${root}/src/a.ts:2:const beta = 2;`]);
  });

  it('lists files by glob and reports a missing root or a bad pattern', async () => {
    const found = await files.search({ root, target: 'files', pattern: '', glob: '*.ts', limit: 10 });
    expect(found.lines.sort()).toEqual([`${root}/src/a.ts`, `${root}/src/deep/b.ts`]);
    const nested = await files.search({
      root,
      target: 'files',
      pattern: '',
      glob: 'src/deep/*.ts',
      limit: 10,
    });
    expect(nested.lines).toEqual([`${root}/src/deep/b.ts`]);
    const missing = await files.search({ root: join(root, 'none'), target: 'files', pattern: '', limit: 10 });
    expect(missing.error).toMatch(/no such file or directory/i);
    const bad = await files.search({ root, target: 'content', pattern: 'a(b', limit: 10 });
    expect(bad.lines).toEqual([]);
    expect(bad.error).toBeTruthy();
  });

  it('creates and removes private scratch directories', async () => {
    const scratch = await files.makeTempDir();
    expect((await stat(scratch)).mode & 0o777).toBe(0o700);
    await files.remove(scratch);
    await expect(stat(scratch)).rejects.toThrow();
  });
});
