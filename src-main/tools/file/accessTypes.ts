/**
 * The FileAccess interface and its data, apart from access.ts so the implementations
 * (nodeAccess, shellAccess) can use them without importing the module that picks between them.
 */

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
  /**
   * Where I/O on `path` lands: symlinks followed, so the gate, a read policy and the I/O all see
   * the real file. read, write and remove take what it returns; the local backend follows no
   * link in it, so a concurrent process cannot redirect them (sandbox/confinedFs.ts).
   */
  writeTarget(path: string): Promise<string>;
  read(path: string, maxBytes: number): Promise<ReadOutcome>;
  /** Replaces the file through a temporary file and a rename, keeping its mode; creates parent directories. */
  write(path: string, data: Uint8Array): Promise<{ created: boolean }>;
  search(request: SearchRequest): Promise<SearchOutcome>;
  /** A fresh private directory for scratch files (execute_code's script). */
  makeTempDir(): Promise<string>;
  remove(path: string): Promise<void>;
}
