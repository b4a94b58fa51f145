/**
 * File I/O in the app's own process that cannot be redirected by a concurrent process: the path
 * is walked beneath a root without following a link at any component (confinedDir.ts), and the
 * read, the temporary file, the rename and the removal all go through the directory that was
 * opened. A link met on the way is refused, never followed. The paths given are real ones (what
 * realpath returned, what the gate was asked about): a link in them means the path changed.
 */
import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat, open, readdir, rename, rmdir, unlink } from 'node:fs/promises';
import { isAbsolute, normalize, parse, relative, sep } from 'node:path';
import {
  defaultStrategy,
  LinkInPathError,
  O_NOFOLLOW,
  openBeneath,
  type OpenedDir,
  type WalkStrategy,
} from './confinedDir';

export { LinkInPathError, type WalkStrategy } from './confinedDir';

export interface ConfinedOptions {
  /** The walk starts here; the path must lie beneath it. Default: the path's own root (`/`). */
  root?: string;
  /** Tests choose the fallback; the default is procfs where there is one. */
  strategy?: WalkStrategy;
  /** fsync the file before it replaces the old one. */
  sync?: boolean;
}

export type ConfinedRead =
  | { kind: 'missing' | 'directory' | 'special' }
  /** `data` is absent when the file is larger than `maxBytes`. */
  | { kind: 'file'; size: number; data?: Buffer };

interface Split {
  root: string;
  parents: string[];
  name: string | undefined;
  strategy: WalkStrategy;
}

function split(path: string, options: ConfinedOptions): Split {
  if (!isAbsolute(path)) throw new Error(`not an absolute path: ${path}`);
  const root = options.root ?? parse(path).root;
  const rel = relative(root, normalize(path));
  const names = rel === '' ? [] : rel.split(sep);
  if (names.some((name) => name === '..' || name === '')) throw new Error(`${path} is not beneath ${root}`);
  return {
    root,
    parents: names.slice(0, -1),
    name: names.at(-1),
    strategy: options.strategy ?? defaultStrategy(),
  };
}

async function lstatOf(entry: string): Promise<Stats | undefined> {
  return lstat(entry).catch((error: unknown) => {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw error;
  });
}

/** Reads `path`; FIFOs and devices are reported, never opened for reading. */
export async function confinedRead(
  path: string,
  maxBytes: number,
  options: ConfinedOptions = {},
): Promise<ConfinedRead> {
  const { root, parents, name, strategy } = split(path, options);
  if (name === undefined)
    return (await lstat(root)).isDirectory() ? { kind: 'directory' } : { kind: 'special' };
  const doing = 'reading';
  const dir = await openBeneath(root, parents, { create: false, strategy, doing });
  try {
    return await readEntry(dir, name, path, maxBytes);
  } catch (error) {
    throw dir.explain(error);
  } finally {
    await dir.close();
  }
}

async function readEntry(
  dir: OpenedDir,
  name: string,
  path: string,
  maxBytes: number,
): Promise<ConfinedRead> {
  const doing = 'reading';
  const entry = dir.entry(name);
  const info = await lstatOf(entry);
  if (!info) return { kind: 'missing' };
  if (info.isSymbolicLink()) throw new LinkInPathError(path, doing);
  if (info.isDirectory()) return { kind: 'directory' };
  if (!info.isFile()) return { kind: 'special' };
  const flags = constants.O_RDONLY | O_NOFOLLOW | (constants.O_NONBLOCK ?? 0);
  const file = await open(entry, flags).catch((error: unknown) =>
    Promise.reject(codeOf(error) === 'ELOOP' ? new LinkInPathError(path, doing) : error),
  );
  try {
    const opened = await file.stat();
    // Replaced between the lstat and the open: what was opened is what counts.
    if (!opened.isFile()) return { kind: 'special' };
    if (opened.dev !== info.dev || opened.ino !== info.ino) await dir.recheck();
    if (opened.size > maxBytes) return { kind: 'file', size: opened.size };
    const data = await file.readFile();
    await dir.recheck();
    return { kind: 'file', size: data.length, data };
  } finally {
    await file.close();
  }
}

/**
 * Replaces (or creates) `path` through a temporary file in the same directory and a rename,
 * keeping an existing file's mode; creates missing parent directories.
 */
export async function confinedWrite(
  path: string,
  data: Uint8Array,
  options: ConfinedOptions = {},
): Promise<{ created: boolean }> {
  const { root, parents, name, strategy } = split(path, options);
  if (name === undefined) throw new Error(`${path} is a directory`);
  const doing = 'writing';
  const dir = await openBeneath(root, parents, { create: true, strategy, doing });
  const temp = dir.entry(`.${name}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const entry = dir.entry(name);
    const existing = await lstatOf(entry);
    if (existing?.isSymbolicLink()) throw new LinkInPathError(path, doing);
    if (existing?.isDirectory()) throw new Error(`${path} is a directory`);
    const mode = existing ? existing.mode & 0o7777 : 0o666;
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW;
    const file = await open(temp, flags, mode);
    try {
      await file.writeFile(data);
      // The umask may have narrowed the mode of the temporary file; an existing file keeps its own.
      if (existing) await file.chmod(mode);
      if (options.sync) await file.sync();
    } finally {
      await file.close();
    }
    await dir.recheck();
    await rename(temp, entry);
    return { created: !existing };
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw dir.explain(error);
  } finally {
    await dir.close();
  }
}

/** Removes `path` and, when it is a directory, everything beneath it; links are removed, not followed. */
export async function confinedRemove(path: string, options: ConfinedOptions = {}): Promise<void> {
  const { root, parents, name, strategy } = split(path, options);
  if (name === undefined) throw new Error(`refusing to remove ${root}`);
  const doing = 'removing';
  let dir: OpenedDir;
  try {
    dir = await openBeneath(root, parents, { create: false, strategy, doing });
  } catch (error) {
    if (codeOf(error) === 'ENOENT' || codeOf(error) === 'ENOTDIR') return;
    throw error;
  }
  try {
    await removeEntry(dir, name);
  } catch (error) {
    throw dir.explain(error);
  } finally {
    await dir.close();
  }
}

async function removeEntry(dir: OpenedDir, name: string): Promise<void> {
  const entry = dir.entry(name);
  const info = await lstatOf(entry);
  if (!info) return;
  await dir.recheck();
  if (!info.isDirectory()) return unlink(entry);
  const child = await dir.child(name, false);
  try {
    for (const inner of await readdir(child.self())) await removeEntry(child, inner);
  } catch (error) {
    throw child.explain(error);
  } finally {
    await child.close();
  }
  await dir.recheck();
  await rmdir(entry);
}

function codeOf(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error ? String(error.code) : undefined;
}
