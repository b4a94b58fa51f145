/**
 * A local read that judges the file it opened, not the path it was given: a link swapped between
 * the read policy's check and the read would otherwise hand over a secret. The file is opened
 * first, its real location named from the open descriptor (Linux: /proc/self/fd), judged, and
 * read through that descriptor.
 */
import { constants } from 'node:fs';
import { open, readlink, stat, type FileHandle } from 'node:fs/promises';
import { realLocation } from '../../sandbox/readPolicy';
import type { ReadOutcome } from './accessTypes';

export type Pinned = { handle: FileHandle; real: string } | { kind: 'missing' | 'special' | 'unreadable' };

export async function openPinned(path: string): Promise<Pinned> {
  // Stat first: opening a device can do things; a FIFO swapped in meanwhile does not block (O_NONBLOCK).
  const info = await stat(path).catch(() => undefined);
  if (info && !info.isFile() && !info.isDirectory()) return { kind: 'special' };
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : '';
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP') return { kind: 'missing' };
    if (code === 'EACCES' || code === 'EPERM') return { kind: 'unreadable' };
    throw error;
  }
  try {
    return { handle, real: await openedLocation(handle, path) };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Where the opened file is. Without /proc, where the path leads now, if that is the same file. */
async function openedLocation(handle: FileHandle, path: string): Promise<string> {
  if (process.platform === 'linux') {
    const named = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
    if (named?.startsWith('/')) return named.replace(/ \(deleted\)$/, '');
  }
  const real = await realLocation(path);
  const [opened, there] = await Promise.all([handle.stat(), stat(real).catch(() => undefined)]);
  if (!there || opened.dev !== there.dev || opened.ino !== there.ino)
    throw new Error(`${path} changed while it was opened; try again`);
  return real;
}

export async function readPinned(handle: FileHandle, maxBytes: number): Promise<ReadOutcome> {
  const info = await handle.stat();
  if (info.isDirectory()) return { kind: 'directory' };
  if (!info.isFile()) return { kind: 'special' };
  if (info.size > maxBytes) return { kind: 'file', size: info.size };
  const data = await handle.readFile();
  return { kind: 'file', size: data.length, data };
}
