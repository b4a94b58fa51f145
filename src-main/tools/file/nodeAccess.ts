/**
 * FileAccess for the local backend: node:fs directly, no shell in between. This process is not
 * sandboxed, so reads, writes and removals go through sandbox/confinedFs.ts: a sandboxed process
 * swapping a folder for a link cannot redirect them.
 */
import { mkdtemp, realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { confinedRead, confinedRemove, confinedWrite } from '../../sandbox/confinedFs';
import type { FileAccess, ReadOutcome, SearchOutcome, SearchRequest } from './accessTypes';
import { findRipgrep, nodeSearch, ripgrepSearch } from './nodeSearch';
import { confirmContentLines } from './searchConfirm';

export interface NodeFileAccessOptions {
  /** Path of ripgrep; null searches without it. Default: looked up on PATH. */
  ripgrep?: string | null;
}

export class NodeFileAccess implements FileAccess {
  constructor(private readonly options: NodeFileAccessOptions = {}) {}

  /** `path` is what writeTarget returned: it is read with no link followed, as the caller checked it. */
  async read(path: string, maxBytes: number): Promise<ReadOutcome> {
    try {
      return await confinedRead(path, maxBytes);
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

  /** Lands exactly at `path` (writeTarget's answer, which the gate was asked about) or fails. */
  write(path: string, data: Uint8Array): Promise<{ created: boolean }> {
    return confinedWrite(path, data);
  }

  async search(request: SearchRequest): Promise<SearchOutcome> {
    const rg = this.options.ripgrep === undefined ? await findRipgrep() : this.options.ripgrep;
    return rg ? confirmContentLines(request, await ripgrepSearch(rg, request)) : nodeSearch(request);
  }

  /** The real path: writes into it walk it without following links (macOS's /var is one). */
  async makeTempDir(): Promise<string> {
    return realpath(await mkdtemp(join(tmpdir(), 'caduceus-code-')));
  }

  remove(path: string): Promise<void> {
    return confinedRemove(path);
  }
}

function codeOf(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error ? String(error.code) : undefined;
}
