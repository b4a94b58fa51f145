/**
 * Messages between main and the mirror worker. Both ends are our own code in one process, so
 * they are typed, not parsed.
 */

export interface OpenMirror {
  t: 'open';
  id: number;
  cols: number;
  rows: number;
  scrollback: number;
}

/**
 * UTF-8 bytes (transferred, not copied) and the characters they hold, for the backlog count. The
 * bytes are a view of a pooled buffer, sent back with `parsed` (see transferPool.ts).
 */
export interface WriteMirror {
  t: 'write';
  id: number;
  bytes: Uint8Array;
  chars: number;
}

export type ToWorker =
  | OpenMirror
  | WriteMirror
  | { t: 'resize'; id: number; cols: number; rows: number }
  | { t: 'snapshot'; id: number; request: number; scrollback?: number | undefined }
  | { t: 'close'; id: number }
  /** The worker's V8 heap in use, after a full GC under --expose-gc (V8 flags are process-wide). */
  | { t: 'heap'; request: number };

export type FromWorker =
  /** `chars` more count as parsed; `buffers` come back once the worker reads them no more. */
  | { t: 'parsed'; id: number; chars: number; buffers: ArrayBuffer[] }
  | { t: 'snapshot'; request: number; data: string; cols: number; rows: number }
  | { t: 'snapshot'; request: number; error: string }
  | { t: 'heap'; request: number; bytes: number };
