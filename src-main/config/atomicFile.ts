import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/*
 * Atomic file writes: a temp file `<file>.<pid>.<hex>.tmp` beside the target, flushed, then
 * renamed over it. A writer killed mid-write leaves its temp file; readers sweep those at start.
 */

/** Temp files this process is writing now. */
const inFlight = new Set<string>();
/** A temp file this old is stale whoever owns it (its writer's pid may have been reused). */
const STALE_AFTER_MS = 3600_000;

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes `<file>.<pid>.<hex>.tmp` files left by a writer that died mid-write (kill -9, power
 * loss): those whose process is gone, ours that we are not writing, and any over an hour old.
 * A live writer's file is left alone. Best effort: a failure here never stops a load.
 */
export async function removeStaleTempFiles(path: string): Promise<string[]> {
  const dir = dirname(path);
  const prefix = `${basename(path)}.`;
  const removed: string[] = [];
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const match = /^(\d+)\.[0-9a-f]{8}\.tmp$/.exec(name.slice(prefix.length));
    if (!match) continue;
    const full = join(dir, name);
    const pid = Number(match[1]);
    try {
      const ours = pid === process.pid;
      const orphan = ours ? !inFlight.has(resolve(full)) : !processExists(pid);
      if (!orphan && Date.now() - (await stat(full)).mtimeMs < STALE_AFTER_MS) continue;
      await rm(full, { force: true });
      removed.push(full);
    } catch {
      // Gone already, or not ours to remove.
    }
  }
  return removed;
}

/**
 * Writes through a temp file in the same directory, flushed, then renamed over the target. A
 * new file is private and an existing one keeps the mode its owner gave it, unless `mode` is
 * given: a secret stays 0600 whatever someone made of it, with no moment at a wider mode.
 */
export async function writeAtomic(
  path: string,
  content: string,
  options: { mode?: number } = {},
): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  inFlight.add(resolve(tmp));
  try {
    await writeThrough(path, tmp, content, options.mode);
  } finally {
    inFlight.delete(resolve(tmp));
  }
}

/** The same, synchronously (the window's bounds as the app quits, the checkpoint scan state); always 0600. */
export function writeAtomicSync(path: string, content: string | Buffer): void {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(tmp, content, { mode: 0o600, flag: 'wx' });
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

async function writeThrough(path: string, tmp: string, content: string, forced?: number): Promise<void> {
  const mode =
    forced ??
    (await stat(path).then(
      (s) => s.mode & 0o777,
      () => 0o600,
    ));
  const handle = await open(tmp, 'wx', mode);
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
