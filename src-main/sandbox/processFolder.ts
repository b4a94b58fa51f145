/**
 * A folder of this process's own in the temp directory, outside every write root, so nothing a
 * sandboxed command does can replace what the sandbox keeps there (relay sockets and launchers,
 * the wrap worker's working folders). Made on first use and removed when the process exits.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let folder: string | undefined;

export function processFolder(): string {
  if (folder) return folder;
  const made = mkdtempSync(join(tmpdir(), 'caduceus-sandbox-'));
  process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  folder = made;
  return made;
}

/** Removes the folder before exit (tests, shutdown); the next use makes a new one. */
export async function removeProcessFolder(): Promise<void> {
  if (folder) await rm(folder, { recursive: true, force: true });
  folder = undefined;
}
