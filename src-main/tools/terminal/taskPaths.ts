/** Where a task is inside its backend (working directory, home), for resolving the paths tools receive. */
import { posix } from 'node:path';
import type { Environment } from '../../terminal/environment';

export interface TaskPaths {
  cwd: string;
  home: string;
}

const PROBE = `pwd; printf '%s\\n' "$HOME"`;
const PROBE_TIMEOUT_MS = 30_000;

/** Asks the backend: the task's cwd is whatever its last command left, which only the shell knows. */
export async function probeTaskPaths(environment: Environment, signal?: AbortSignal): Promise<TaskPaths> {
  // A one-off script reads the saved state without consuming a pending cwd or writing a snapshot.
  const command = await environment.script(PROBE, { background: true });
  const result = await environment.backend.exec({
    command,
    env: environment.env,
    timeoutMs: PROBE_TIMEOUT_MS,
    signal,
  });
  const lines = result.output.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const cwd = lines[lines.length - 2];
  const home = lines[lines.length - 1] ?? '';
  if (result.exitCode !== 0 || cwd === undefined || !cwd.startsWith('/')) {
    const detail = result.error ?? (result.output.trim() || `exit code ${String(result.exitCode)}`);
    throw new Error(`could not read the task's working directory: ${detail}`);
  }
  return { cwd, home };
}

/** An absolute, normalised path: `~` is the backend's home, relative paths start at the task's cwd. */
export function resolveTaskPath(paths: TaskPaths, raw: string): string {
  if ((raw === '~' || raw.startsWith('~/')) && paths.home.startsWith('/')) {
    return posix.join(paths.home, raw.slice(1));
  }
  return posix.resolve(paths.cwd, raw);
}
