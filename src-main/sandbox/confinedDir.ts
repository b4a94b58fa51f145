/**
 * Opens a directory beneath a root without following a link at any component: the walk under
 * confinedFs.ts. Node has no openat(2), so on Linux it is emulated with procfs magic links:
 * `/proc/self/fd/<N>/<name>` looks `name` up in the directory fd N holds, wherever that
 * directory has been moved since and whatever now sits at its old path. open, mkdir, lstat,
 * rename, unlink, rmdir and readdir all resolve that path's parent through the fd (the last
 * component is never followed by rename, unlink, rmdir or mkdir, and open is given O_NOFOLLOW),
 * so every operation lands in the directory that was opened.
 */
import { constants, existsSync, type Stats } from 'node:fs';
import { lstat, mkdir, open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

export type WalkStrategy = 'procfs' | 'lstat';

/** A component of the path turned out to be a link: a concurrent process changed the path. */
export class LinkInPathError extends Error {
  readonly code = 'ELINKINPATH';
  constructor(
    readonly at: string,
    doing: string,
  ) {
    super(`path changed while ${doing}; a link appeared at ${at}`);
  }
}

// Absent on Windows, where the fallback's lstat checks are all there is.
export const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
/**
 * Directories are opened with O_PATH (Linux's generic value, used on every architecture Node
 * runs on; Node does not export it), so a walked folder needs only search permission, as in a
 * lookup by path, not read permission.
 */
const PROC_DIR_FLAGS = 0o10000000 | (constants.O_DIRECTORY ?? 0) | O_NOFOLLOW;

export function defaultStrategy(): WalkStrategy {
  return process.platform === 'linux' && existsSync('/proc/self/fd') ? 'procfs' : 'lstat';
}

export interface OpenedDir {
  /** The directory's path as walked, for messages. */
  readonly path: string;
  /** A path naming `name` in this directory; with procfs it resolves through the open directory. */
  entry(name: string): string;
  /** A path naming the directory itself, for readdir. */
  self(): string;
  /** Opens the subdirectory `name`, refusing a link; creates it first when asked. */
  child(name: string, create: boolean): Promise<OpenedDir>;
  /** Throws when the walked path no longer leads to this directory (lstat strategy only). */
  recheck(): Promise<void>;
  /** The error with this directory's procfs path replaced by the walked one, for messages. */
  explain(error: unknown): unknown;
  close(): Promise<void>;
}

/** Opens `root` (trusted, itself not a link) and walks `names` beneath it. */
export async function openBeneath(
  root: string,
  names: readonly string[],
  options: { create: boolean; strategy: WalkStrategy; doing: string },
): Promise<OpenedDir> {
  let dir: OpenedDir =
    options.strategy === 'procfs'
      ? new ProcDir(await open(root, PROC_DIR_FLAGS), root, options.doing)
      : await LstatDir.root(root, options.doing);
  for (const name of names) {
    const parent = dir;
    try {
      dir = await parent.child(name, options.create);
    } finally {
      await parent.close();
    }
  }
  return dir;
}

/**
 * Why opening `entry` as a directory with O_NOFOLLOW failed. ELOOP is a link; ENOTDIR is a link
 * or a file, and when a directory is there now, whatever failed a moment ago was swapped away.
 */
async function linkOr(error: unknown, entry: string, shown: string, doing: string): Promise<never> {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'ELOOP') throw new LinkInPathError(shown, doing);
  if (code === 'ENOTDIR') {
    const info = await lstat(entry).catch(() => undefined);
    if (info?.isSymbolicLink() || info?.isDirectory()) throw new LinkInPathError(shown, doing);
  }
  throw error;
}

async function mkdirIfMissing(entry: string): Promise<void> {
  await mkdir(entry, 0o777).catch((error: unknown) => {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  });
}

class ProcDir implements OpenedDir {
  constructor(
    private readonly handle: FileHandle,
    readonly path: string,
    private readonly doing: string,
  ) {}

  entry(name: string): string {
    return `${this.self()}/${name}`;
  }

  self(): string {
    return `/proc/self/fd/${this.handle.fd}`;
  }

  async child(name: string, create: boolean): Promise<OpenedDir> {
    const entry = this.entry(name);
    const shown = join(this.path, name);
    try {
      if (create) await mkdirIfMissing(entry);
      // O_DIRECTORY|O_NOFOLLOW on a link fails with ENOTDIR or ELOOP; linkOr tells which it was.
      const handle = await open(entry, PROC_DIR_FLAGS).catch((error: unknown) =>
        linkOr(error, entry, shown, this.doing),
      );
      return new ProcDir(handle, shown, this.doing);
    } catch (error) {
      throw this.explain(error);
    }
  }

  async recheck(): Promise<void> {}

  explain(error: unknown): unknown {
    // Whole components only: /proc/self/fd/3 must not match inside /proc/self/fd/31.
    const own = new RegExp(`${this.self()}(?=/|'|$)`, 'g');
    if (error instanceof Error) {
      error.message = error.message.replace(own, () => this.path);
      if ('path' in error && typeof error.path === 'string')
        error.path = error.path.replace(own, () => this.path);
    }
    return error;
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

interface Seen {
  path: string;
  dev: number;
  ino: number;
}

/**
 * Best effort where there is no procfs (macOS): each component is lstat'ed and refused when it
 * is a link, and before each operation the whole chain is lstat'ed again and compared (device
 * and inode) with what was walked. The operations themselves still go by path, so a swap made
 * between the last check and the operation, or swapped back before the next check, is not
 * caught; only the procfs walk closes that window.
 */
class LstatDir implements OpenedDir {
  private constructor(
    private readonly chain: readonly Seen[],
    private readonly doing: string,
  ) {}

  static async root(root: string, doing: string): Promise<LstatDir> {
    const info = await lstat(root);
    if (info.isSymbolicLink()) throw new LinkInPathError(root, doing);
    if (!info.isDirectory()) throw Object.assign(new Error(`ENOTDIR: ${root}`), { code: 'ENOTDIR' });
    return new LstatDir([seen(root, info)], doing);
  }

  get path(): string {
    return this.chain[this.chain.length - 1]?.path ?? '/';
  }

  entry(name: string): string {
    return join(this.path, name);
  }

  self(): string {
    return this.path;
  }

  async child(name: string, create: boolean): Promise<OpenedDir> {
    const entry = this.entry(name);
    if (create) await mkdirIfMissing(entry);
    const info = await lstat(entry);
    if (info.isSymbolicLink()) throw new LinkInPathError(entry, this.doing);
    if (!info.isDirectory()) throw Object.assign(new Error(`ENOTDIR: ${entry}`), { code: 'ENOTDIR' });
    const dir = new LstatDir([...this.chain, seen(entry, info)], this.doing);
    await dir.recheck();
    return dir;
  }

  async recheck(): Promise<void> {
    for (const step of this.chain) {
      const now = await lstat(step.path).catch(() => undefined);
      if (!now || now.isSymbolicLink() || now.dev !== step.dev || now.ino !== step.ino)
        throw new LinkInPathError(step.path, this.doing);
    }
  }

  explain(error: unknown): unknown {
    return error;
  }

  async close(): Promise<void> {}
}

function seen(path: string, info: Stats): Seen {
  return { path, dev: info.dev, ino: info.ino };
}
