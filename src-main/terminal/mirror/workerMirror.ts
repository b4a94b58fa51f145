/**
 * Mirrors that parse in a worker thread: main only batches what a stream writes, encodes it and
 * transfers the bytes; parsing and serializing happen in `mirrorWorker.ts`. One worker holds
 * every mirror of a `MirrorWorker`, started with the first and ended by `dispose`. A worker that
 * dies takes its mirrors with it (they answer no snapshot and hold nothing back); the next mirror
 * starts a new one.
 */
import { Worker } from 'node:worker_threads';
import {
  DEFAULT_MIRROR_SCROLLBACK,
  type MirrorOptions,
  type MirrorSnapshot,
  type SnapshotOptions,
  type TerminalMirror,
} from './mirror';
import type { FromWorker, ToWorker } from './protocol';
import { TransferPool } from './transferPool';

/** Characters gathered before a batch is posted at once rather than after FLUSH_MS. */
const BATCH_CHARS = 256 * 1024;
/**
 * How long a smaller batch waits for more: a flood then crosses in few large posts (each post
 * costs both threads a wake-up), and a snapshot or resize posts what is waiting first.
 */
const FLUSH_MS = 10;

/** The built worker sits beside the bundle (dist/, dist/electron/); from source, tsx runs it. */
function workerEntry(): { url: URL; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  return fromSource
    ? { url: new URL('./mirrorWorker.ts', import.meta.url), execArgv: ['--import', 'tsx'] }
    : { url: new URL('./mirrorWorker.mjs', import.meta.url), execArgv: [] };
}

interface Request {
  resolve: (answer: MirrorSnapshot | number) => void;
  reject: (error: Error) => void;
}

export interface MirrorWorkerOptions {
  /** The worker died (not disposed): why, once per worker. */
  onStopped?: (reason: string) => void;
}

export class MirrorWorker {
  private worker: Worker | undefined;
  private readonly mirrors = new Map<number, WorkerMirror>();
  private readonly requests = new Map<number, Request>();
  private readonly dirty = new Set<WorkerMirror>();
  private flushing: ReturnType<typeof setTimeout> | undefined;
  private nextId = 1;
  private nextRequest = 1;
  private disposed = false;
  /** @internal Buffers that carry output to the worker and back. */
  readonly pool = new TransferPool();

  constructor(private readonly options: MirrorWorkerOptions = {}) {}

  create(options: MirrorOptions = {}): TerminalMirror {
    if (this.disposed) throw new Error('the mirror worker was disposed');
    const id = this.nextId++;
    const mirror = new WorkerMirror(this, id);
    this.mirrors.set(id, mirror);
    const { cols = 80, rows = 24, scrollback = DEFAULT_MIRROR_SCROLLBACK } = options;
    this.post({ t: 'open', id, cols, rows, scrollback });
    return mirror;
  }

  /** @internal The worker thread while it runs, for tests that end it. */
  get thread(): Worker | undefined {
    return this.worker;
  }

  /** Mirrors open in the worker. */
  get size(): number {
    return this.mirrors.size;
  }

  /** @internal Posts the mirror's batch in FLUSH_MS. */
  schedule(mirror: WorkerMirror): void {
    this.dirty.add(mirror);
    this.flushing ??= setTimeout(() => {
      this.flushing = undefined;
      for (const m of this.dirty) m.flush();
      this.dirty.clear();
    }, FLUSH_MS);
  }

  /** @internal */
  post(message: ToWorker, transfer?: ArrayBuffer[]): void {
    if (this.disposed) return;
    this.start().postMessage(message, transfer);
  }

  /** @internal */
  request(id: number, scrollback?: number): Promise<MirrorSnapshot> {
    return this.ask((request) => ({ t: 'snapshot', id, request, scrollback })) as Promise<MirrorSnapshot>;
  }

  /** Bytes of the worker's heap in use (0 before it starts), for benchmarks. */
  heapUsed(): Promise<number> {
    if (!this.worker) return Promise.resolve(0);
    return this.ask((request) => ({ t: 'heap', request })) as Promise<number>;
  }

  private ask(message: (request: number) => ToWorker): Promise<MirrorSnapshot | number> {
    if (this.disposed) return Promise.reject(new Error('the mirror was released'));
    const request = this.nextRequest++;
    return new Promise((resolve, reject) => {
      this.requests.set(request, { resolve, reject });
      this.post(message(request));
      this.holdOpen();
    });
  }

  /** @internal */
  closed(id: number): void {
    this.dirty.delete(this.mirrors.get(id) as WorkerMirror);
    this.mirrors.delete(id);
    if (this.mirrors.size === 0) this.pool.clear();
    this.post({ t: 'close', id });
    this.holdOpen();
  }

  dispose(): void {
    if (this.disposed) return;
    for (const mirror of [...this.mirrors.values()]) mirror.dispose();
    this.disposed = true;
    clearTimeout(this.flushing);
    this.fail(new Error('the mirror was released'));
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const { url, execArgv } = workerEntry();
    const worker = new Worker(url, { execArgv });
    let crash: Error | undefined;
    worker.on('message', (message: FromWorker) => this.receive(message));
    worker.on('error', (error) => {
      crash = error;
      this.fail(error);
    });
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      const reason = crash ? `${crash.name}: ${crash.message}` : `exit code ${code}`;
      this.fail(new Error(`the mirror worker stopped (${reason})`));
      // Its mirrors are gone with it; new ones go to a new worker.
      for (const mirror of this.mirrors.values()) mirror.lose();
      this.mirrors.clear();
      this.dirty.clear();
      if (!this.disposed) this.options.onStopped?.(reason);
    });
    this.worker = worker;
    return worker;
  }

  /** Keeps the process alive only while a mirror is open or a snapshot is owed. */
  private holdOpen(): void {
    if (this.mirrors.size > 0 || this.requests.size > 0) this.worker?.ref();
    else this.worker?.unref();
  }

  private receive(message: FromWorker): void {
    if (message.t === 'parsed') {
      if (this.mirrors.size > 0) for (const buffer of message.buffers) this.pool.give(buffer);
      return this.mirrors.get(message.id)?.parsed(message.chars);
    }
    const request = this.requests.get(message.request);
    this.requests.delete(message.request);
    this.holdOpen();
    if (message.t === 'heap') request?.resolve(message.bytes);
    else if ('error' in message) request?.reject(new Error(message.error));
    else request?.resolve({ data: message.data, cols: message.cols, rows: message.rows });
  }

  /** The worker failed: snapshots owed fail, and nothing waits on parsing that will not come. */
  private fail(error: Error): void {
    for (const { reject } of this.requests.values()) reject(error);
    this.requests.clear();
    for (const mirror of this.mirrors.values()) mirror.parsed(Infinity);
  }
}

export class WorkerMirror implements TerminalMirror {
  private pending: string[] = [];
  private pendingChars = 0;
  /** Posted to the worker and not parsed yet. */
  private unparsed = 0;
  private readonly below: Array<{ chars: number; then: () => void }> = [];
  private disposed = false;
  /** Its worker died: it mirrors nothing more. */
  private lost = false;

  constructor(
    private readonly host: MirrorWorker,
    private readonly id: number,
  ) {}

  get backlog(): number {
    return this.pendingChars + this.unparsed;
  }

  write(data: string): void {
    if (this.disposed || data.length === 0) return;
    this.pending.push(data);
    this.pendingChars += data.length;
    if (this.pendingChars >= BATCH_CHARS) this.flush();
    else this.host.schedule(this);
  }

  /** @internal Posts what was written since the last batch, in pooled buffers transferred. */
  flush(): void {
    if (this.pendingChars === 0 || this.disposed) return;
    const pieces = this.pending;
    const chars = this.pendingChars;
    this.unparsed += chars;
    this.pending = [];
    this.pendingChars = 0;
    this.host.pool.encode(pieces, chars, (bytes, held) =>
      this.host.post({ t: 'write', id: this.id, bytes, chars: held }, [bytes.buffer as ArrayBuffer]),
    );
  }

  /** @internal The worker parsed `chars` more (all of it: Infinity). */
  parsed(chars: number): void {
    this.unparsed = Math.max(0, this.unparsed - chars);
    const due = this.below.filter((w) => this.backlog < w.chars);
    if (due.length === 0) return;
    this.below.splice(0, this.below.length, ...this.below.filter((w) => this.backlog >= w.chars));
    for (const w of due) w.then();
  }

  whenBelow(chars: number, then: () => void): void {
    if (this.backlog < chars || this.disposed) then();
    else this.below.push({ chars, then });
  }

  resize(cols: number, rows: number): void {
    if (this.disposed) return;
    this.flush();
    this.host.post({ t: 'resize', id: this.id, cols, rows });
  }

  snapshot(options: SnapshotOptions = {}): Promise<MirrorSnapshot> {
    if (this.lost) return Promise.reject(new Error('the mirror worker stopped'));
    if (this.disposed) return Promise.reject(new Error('the mirror was released'));
    this.flush();
    return this.host.request(this.id, options.scrollback);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.pending = [];
    this.pendingChars = 0;
    this.unparsed = 0;
    for (const w of this.below.splice(0)) w.then();
    if (!this.lost) this.host.closed(this.id);
  }

  /** @internal Its worker died: writes are dropped and nothing waits on parsing. */
  lose(): void {
    this.lost = true;
    this.dispose();
  }
}
