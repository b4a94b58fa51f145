import { rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';

/** Undo steps for what a run set up (servers, temporary folders), run if the process exits first. */
const pending = new Set<() => void>();

function runPending(): void {
  for (const undo of pending) {
    try {
      undo();
    } catch {
      // The process is going: each step is a best effort, and one failing must not stop the rest.
    }
  }
}

/**
 * Runs `undo` (synchronous: nothing else runs at exit) if this process exits before the returned
 * function is called, as when a run is cut short. The code that set things up still undoes them
 * itself, and then calls the returned function.
 */
export function atExit(undo: () => void): () => void {
  if (pending.size === 0) process.once('exit', runPending);
  pending.add(undo);
  return () => {
    pending.delete(undo);
    if (pending.size === 0) process.off('exit', runPending);
  };
}

/** A temporary folder removed at exit unless removed before: returns the removal. */
export function removeAtExit(path: string): () => Promise<void> {
  const forget = atExit(() => rmSync(path, { recursive: true, force: true }));
  return async () => {
    await rm(path, { recursive: true, force: true });
    forget();
  };
}
