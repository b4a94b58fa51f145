/** FileAccess for the local backend: node:fs directly, no shell in between. */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { FileAccess, ReadOutcome, SearchOutcome, SearchRequest } from './accessTypes';
import { findRipgrep, nodeSearch, ripgrepSearch } from './nodeSearch';

export interface NodeFileAccessOptions {
  /** Path of ripgrep; null searches without it. Default: looked up on PATH. */
  ripgrep?: string | null;
}

export class NodeFileAccess implements FileAccess {
  constructor(private readonly options: NodeFileAccessOptions = {}) {}

  async read(path: string, maxBytes: number): Promise<ReadOutcome> {
    try {
      // stat first: opening a FIFO for reading would block.
      const info = await stat(path);
      if (info.isDirectory()) return { kind: 'directory' };
      if (!info.isFile()) return { kind: 'special' };
      if (info.size > maxBytes) return { kind: 'file', size: info.size };
      const data = await readFile(path);
      return { kind: 'file', size: data.length, data };
    } catch (error) {
      const code = codeOf(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
      if (code === 'EACCES' || code === 'EPERM') return { kind: 'unreadable' };
      throw error;
    }
  }

  async writeTarget(path: string): Promise<string> {
    const rest: string[] = [];
    for (let dir = path; ;) {
      try {
        return join(await realpath(dir), ...rest.reverse());
      } catch (error) {
        const parent = dirname(dir);
        if (parent === dir || (codeOf(error) !== 'ENOENT' && codeOf(error) !== 'ENOTDIR')) return path;
        rest.push(basename(dir));
        dir = parent;
      }
    }
  }

  async write(path: string, data: Uint8Array): Promise<{ created: boolean }> {
    const existing = await stat(path).catch(() => undefined);
    if (existing?.isDirectory()) throw new Error(`${path} is a directory`);
    const dir = dirname(path);
    await mkdir(dir, { recursive: true });
    const temp = join(dir, `.${basename(path)}.${randomBytes(4).toString('hex')}.tmp`);
    try {
      const mode = existing ? existing.mode & 0o7777 : 0o666;
      await writeFile(temp, data, { mode, flag: 'wx' });
      // The umask may have narrowed the mode of the temporary file; an existing file keeps its own.
      if (existing) await chmod(temp, mode);
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { created: !existing };
  }

  async search(request: SearchRequest): Promise<SearchOutcome> {
    const rg = this.options.ripgrep === undefined ? await findRipgrep() : this.options.ripgrep;
    return rg ? ripgrepSearch(rg, request) : nodeSearch(request);
  }

  makeTempDir(): Promise<string> {
    return mkdtemp(join(tmpdir(), 'caduceus-code-'));
  }

  async remove(path: string): Promise<void> {
    await rm(path, { recursive: true, force: true });
  }
}

function codeOf(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error ? String(error.code) : undefined;
}
