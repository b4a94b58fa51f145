/** Counts processes by a marker in their environment, wherever they were reparented to. */
import { readdir, readFile } from 'node:fs/promises';

export async function processesWithEnv(name: string, value: string): Promise<number[]> {
  const needle = `${name}=${value}`;
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = await readFile(`/proc/${entry}/environ`, 'latin1');
      if (environ.split('\0').includes(needle)) pids.push(Number(entry));
    } catch {
      // exited meanwhile, or not ours to read
    }
  }
  return pids;
}

/** Waits until no process carries the marker; returns the ones left when it gives up. */
export async function settleProcesses(name: string, value: string, timeoutMs = 5_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pids = await processesWithEnv(name, value);
    if (pids.length === 0 || Date.now() > deadline) return pids;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether a process with this pid still exists (a zombie counts). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
