/**
 * FileAccess: what the file tools do to files, in the task's terminal backend — node:fs for the
 * local backend, short shell programs for docker, ssh and the rest — with paths resolved
 * against the task's working directory.
 */
import type { TerminalService } from '../../terminal/service';
import { probeTaskPaths, resolveTaskPath, type TaskPaths } from '../terminal/taskPaths';
import { NodeFileAccess } from './nodeAccess';
import { ShellFileAccess } from './shellAccess';

export type ReadOutcome =
  | { kind: 'missing' | 'directory' | 'special' | 'unreadable' }
  /** `data` is absent when the file is larger than the caller would read. */
  | { kind: 'file'; size: number; data?: Buffer };

export interface SearchRequest {
  /** Absolute directory (or, for content, a single file). */
  root: string;
  target: 'content' | 'files';
  /** content: a regular expression. */
  pattern: string;
  /** files: which names to list; content: which files to search. Matches the base name unless it has a `/`. */
  glob?: string;
  limit: number;
}

export interface SearchOutcome {
  /** content: `path:line:text`; files: paths. Paths are absolute. At most `limit`. */
  lines: string[];
  truncated: boolean;
  /** ripgrep's regex syntax; `posix` is grep -E (ERE); `node` is JavaScript's RegExp. */
  engine: 'ripgrep' | 'posix' | 'node';
  /** Why nothing could be searched (missing root, bad pattern). */
  error?: string;
}

export interface FileAccess {
  read(path: string, maxBytes: number): Promise<ReadOutcome>;
  /** Where a write to `path` lands: symlinks followed, so the gate and the write see the real file. */
  writeTarget(path: string): Promise<string>;
  /** Replaces the file through a temporary file and a rename, keeping its mode; creates parent directories. */
  write(path: string, data: Uint8Array): Promise<{ created: boolean }>;
  search(request: SearchRequest): Promise<SearchOutcome>;
  /** A fresh private directory for scratch files (execute_code's script). */
  makeTempDir(): Promise<string>;
  remove(path: string): Promise<void>;
}

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
