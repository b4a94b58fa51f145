/** Process handles for the local backend: a plain child process, or a node-pty PTY. */
import type { ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import type { IPty } from 'node-pty';
import { BaseHandle, Utf8Splitter } from '../handle';
import type { ExitInfo } from '../types';
import { drainBeforeDestroy } from './ptyDrain';

/** Ends a process and everything it started (a process group, or a Windows process tree). */
export type TreeKiller = (pid: number, signal: NodeJS.Signals) => Promise<unknown>;

/** After the shell exits, output still in the pipe is read for this long before giving up. */
const DRAIN_MS = 200;

export class ChildHandle extends BaseHandle {
  private paused = false;

  constructor(
    private readonly child: ChildProcess,
    private readonly killTree: TreeKiller,
  ) {
    super(false);
    const out = new Utf8Splitter();
    const err = new Utf8Splitter();
    child.stdout?.on('data', (chunk: Buffer) => this.emit(out.write(chunk)));
    child.stderr?.on('data', (chunk: Buffer) => this.emit(err.write(chunk)));
    child.stdin?.on('error', () => undefined);
    let exit: ExitInfo | undefined;
    let drain: NodeJS.Timeout | undefined;
    const done = (): void => {
      if (drain) clearTimeout(drain);
      this.emit(out.end() + err.end());
      this.finish(exit ?? { exitCode: null, error: 'the process ended without an exit status' });
    };
    // A grandchild left running in the background may hold the pipe open: stop reading after
    // a short drain instead of waiting for it (unless paused, when the unread rest must stay).
    const armDrain = (): void => {
      drain = setTimeout(() => {
        if (this.paused) return armDrain();
        child.stdout?.destroy();
        child.stderr?.destroy();
        done();
      }, DRAIN_MS);
    };
    child.on('error', (error) => {
      exit = { exitCode: null, error: error.message };
      done();
    });
    child.on('exit', (code, signal) => {
      exit = { exitCode: code, ...(signal ? { signal } : {}) };
      armDrain();
    });
    child.on('close', done);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  write(data: string): void {
    this.child.stdin?.write(data);
  }

  closeStdin(): void {
    this.child.stdin?.end();
  }

  resize(): void {
    // A pipe has no window size.
  }

  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (this.child.pid !== undefined && !this.hasExited) await this.killTree(this.child.pid, signal);
  }

  pause(): void {
    this.paused = true;
    this.child.stdout?.pause();
    this.child.stderr?.pause();
  }

  resume(): void {
    this.paused = false;
    this.child.stdout?.resume();
    this.child.stderr?.resume();
  }
}

export class PtyHandle extends BaseHandle {
  constructor(
    private readonly term: IPty,
    private readonly killTree: TreeKiller,
  ) {
    super(true);
    // node-pty reports the exit only after its socket closed: drained output comes first.
    term.onData((data) => {
      if (!this.hasExited) this.emit(data);
    });
    // After the socket's end of file (its decoder flushed), the kernel's rest is decoded here.
    drainBeforeDestroy(term, (rest) => {
      if (!this.hasExited) this.emit(rest.toString('utf8'));
    });
    term.onExit(({ exitCode, signal }) =>
      this.finish(signal ? { exitCode: null, signal: signalName(signal) } : { exitCode }),
    );
  }

  get pid(): number {
    return this.term.pid;
  }

  write(data: string): void {
    if (!this.hasExited) this.term.write(data);
  }

  /** A PTY has no separate stdin to close: send end-of-file (Ctrl-D) instead. */
  closeStdin(): void {
    this.term.write('\x04');
  }

  resize(cols: number, rows: number): void {
    if (!this.hasExited) this.term.resize(cols, rows);
  }

  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    // The PTY's shell leads its own session and process group (on Windows: a ConPTY tree).
    if (!this.hasExited) await this.killTree(this.term.pid, signal);
  }

  pause(): void {
    this.term.pause();
  }

  resume(): void {
    this.term.resume();
  }
}

function signalName(signal: number): string {
  const entry = Object.entries(constants.signals).find(([, value]) => value === signal);
  return entry ? entry[0] : String(signal);
}
