/**
 * FileAccess: what the file tools do to files, in the task's terminal backend — node:fs for the
 * local backend, short shell programs for docker, ssh and the rest — with paths resolved
 * against the task's working directory.
 */
import type { TerminalService } from '../../terminal/service';
import type { FileAccess } from './accessTypes';
import { probeTaskPaths, resolveTaskPath, type TaskPaths } from '../terminal/taskPaths';
import { NodeFileAccess } from './nodeAccess';
import { ShellFileAccess } from './shellAccess';

export type { FileAccess, ReadOutcome, SearchOutcome } from './accessTypes';

export interface TaskFiles {
  files: FileAccess;
  paths: TaskPaths;
  resolve(raw: string): string;
  backendKind: string;
}

/** Runs `work` with the task's files; the environment counts as busy meanwhile, so it is not swept. */
export async function withTaskFiles<T>(
  terminal: TerminalService,
  taskId: string,
  signal: AbortSignal | undefined,
  work: (task: TaskFiles) => Promise<T>,
): Promise<T> {
  const environment = terminal.environments.get(taskId);
  environment.active++;
  try {
    const paths = await probeTaskPaths(environment, signal);
    const kind = environment.backend.kind;
    const files = kind === 'local' ? new NodeFileAccess() : new ShellFileAccess(environment, signal);
    return await work({ files, paths, resolve: (raw) => resolveTaskPath(paths, raw), backendKind: kind });
  } finally {
    environment.active--;
    environment.touch();
  }
}
