import { execFileSync } from 'node:child_process';
import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { confinedRead, confinedRemove, confinedWrite, type WalkStrategy } from './confinedFs';

let base: string;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'caduceus-confined-'));
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const strategies: WalkStrategy[] = process.platform === 'linux' ? ['procfs', 'lstat'] : ['lstat'];

describe.each(strategies)('confined file I/O (%s)', (strategy) => {
  let root: string;
  let outside: string;
  const options = { strategy };

  beforeEach(async () => {
    root = await mkdtemp(join(base, `${strategy}-`));
    outside = join(root, 'outside');
    await mkdir(join(root, 'ws', 'dir'), { recursive: true });
    await mkdir(outside);
    await writeFile(join(outside, 'f.txt'), 'outside');
  });

  const outsideUntouched = async () => {
    expect(await readdir(outside)).toEqual(['f.txt']);
    expect(await readFile(join(outside, 'f.txt'), 'utf8')).toBe('outside');
  };

  it('creates missing parent directories and the file with the mode a new file gets', async () => {
    const path = join(root, 'ws', 'a', 'b', 'new.txt');
    expect(await confinedWrite(path, Buffer.from('made'), options)).toEqual({ created: true });
    expect(await readFile(path, 'utf8')).toBe('made');
    const umask = process.umask();
    expect((await stat(path)).mode & 0o777).toBe(0o666 & ~umask);
    expect((await stat(join(root, 'ws', 'a'))).isDirectory()).toBe(true);
    expect(await readdir(join(root, 'ws', 'a', 'b'))).toEqual(['new.txt']);
  });

  it('keeps the mode of a file it replaces, and leaves no temporary file', async () => {
    const path = join(root, 'ws', 'dir', 'run.sh');
    await writeFile(path, 'old');
    await chmod(path, 0o750);
    expect(await confinedWrite(path, Buffer.from('new'), options)).toEqual({ created: false });
    expect((await stat(path)).mode & 0o777).toBe(0o750);
    expect(await readFile(path, 'utf8')).toBe('new');
    expect(await readdir(join(root, 'ws', 'dir'))).toEqual(['run.sh']);
  });

  it('refuses a link at the last component: neither it nor its target changes', async () => {
    const link = join(root, 'ws', 'dir', 'f.txt');
    await symlink(join(outside, 'f.txt'), link);
    await expect(confinedWrite(link, Buffer.from('x'), options)).rejects.toThrow(
      `path changed while writing; a link appeared at ${link}`,
    );
    await expect(confinedRead(link, 100, options)).rejects.toThrow(`a link appeared at ${link}`);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readdir(join(root, 'ws', 'dir'))).toEqual(['f.txt']);
    await outsideUntouched();
  });

  it('refuses a link at a middle component, creating nothing beyond it', async () => {
    const link = join(root, 'ws', 'dir', 'sub');
    await symlink(outside, link);
    await expect(confinedWrite(join(link, 'f.txt'), Buffer.from('x'), options)).rejects.toThrow(
      `path changed while writing; a link appeared at ${link}`,
    );
    await expect(confinedWrite(join(link, 'new', 'g.txt'), Buffer.from('x'), options)).rejects.toThrow(
      `a link appeared at ${link}`,
    );
    await expect(confinedRead(join(link, 'f.txt'), 100, options)).rejects.toThrow(
      `a link appeared at ${link}`,
    );
    await expect(confinedRemove(join(link, 'f.txt'), options)).rejects.toThrow(`a link appeared at ${link}`);
    await outsideUntouched();
  });

  it('names the walked path, not a descriptor, when a component is a file', async () => {
    const file = join(root, 'ws', 'dir', 'plain');
    await writeFile(file, 'x');
    const failure = confinedWrite(join(file, 'below.txt'), Buffer.from('x'), options);
    await expect(failure).rejects.toMatchObject({ code: 'ENOTDIR' });
    await expect(failure).rejects.toThrow(file);
    await expect(failure).rejects.not.toThrow('/proc/self/fd');
  });

  it('reads bytes, and reports what is missing, a directory, too large or not a regular file', async () => {
    const path = join(root, 'ws', 'dir', 'bytes.bin');
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    await writeFile(path, bytes);
    expect(await confinedRead(path, 1_000, options)).toEqual({ kind: 'file', size: 256, data: bytes });
    expect(await confinedRead(path, 100, options)).toEqual({ kind: 'file', size: 256 });
    expect(await confinedRead(join(root, 'ws', 'nope'), 100, options)).toEqual({ kind: 'missing' });
    expect(await confinedRead(join(root, 'ws', 'dir'), 100, options)).toEqual({ kind: 'directory' });
    expect(await confinedRead('/', 100, options)).toEqual({ kind: 'directory' });
    execFileSync('mkfifo', [join(root, 'ws', 'pipe')]);
    expect(await confinedRead(join(root, 'ws', 'pipe'), 100, options)).toEqual({ kind: 'special' });
    await expect(confinedRead(join(root, 'ws', 'nope', 'x'), 100, options)).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('removes a tree, taking links inside it away without following them', async () => {
    const tree = join(root, 'ws', 'tree');
    await mkdir(join(tree, 'a', 'b'), { recursive: true });
    await writeFile(join(tree, 'a', 'b', 'f'), 'x');
    await symlink(outside, join(tree, 'a', 'out'));
    await symlink(join(outside, 'f.txt'), join(tree, 'file-link'));
    await confinedRemove(tree, options);
    await expect(lstat(tree)).rejects.toMatchObject({ code: 'ENOENT' });
    await confinedRemove(tree, options);
    await confinedRemove(join(root, 'ws', 'missing', 'x'), options);
    await outsideUntouched();
  });

  it('walks beneath the root it is given, and nothing else', async () => {
    const ws = join(root, 'ws');
    const path = join(ws, 'dir', 'in.txt');
    expect(await confinedWrite(path, Buffer.from('in'), { ...options, root: ws })).toEqual({ created: true });
    await expect(
      confinedWrite(join(outside, 'f.txt'), Buffer.from('x'), { ...options, root: ws }),
    ).rejects.toThrow(/is not beneath/);
    await expect(confinedWrite('relative.txt', Buffer.from('x'), options)).rejects.toThrow(
      /not an absolute path/,
    );
    await outsideUntouched();
  });
});
