/** An ssh2 exec channel as a ProcessHandle. */
import type { ClientChannel } from 'ssh2';
import { BaseHandle, Utf8Splitter } from '../handle';
import type { ExitInfo } from '../types';

const DRAIN_MS = 200;

/**
 * A channel's exit status, heard from the moment ssh2 hands the channel over. A command that
 * ends at once sends its exit status in the same packets as the exec reply: ssh2 emits it before
 * an `await` on the channel returns, so a listener added after that would never hear it.
 */
export class ExitRecorder {
  private info: ExitInfo | undefined;
  private listener: ((info: ExitInfo) => void) | undefined;

  constructor(channel: ClientChannel) {
    channel.once('exit', (code: number | null, signal?: string) => {
      // ssh2 names the signal with its prefix already (`SIGTERM`).
      this.info = signal ? { exitCode: null, signal } : { exitCode: code };
      this.listener?.(this.info);
    });
  }

  /** Calls `listener` with the exit status: now, if it came already. */
  onExit(listener: (info: ExitInfo) => void): void {
    this.listener = listener;
    if (this.info) listener(this.info);
  }
}

export class SshHandle extends BaseHandle {
  private paused = false;

  constructor(
    private readonly channel: ClientChannel,
    exited: ExitRecorder,
    pty: boolean,
    private readonly killer: (signal: NodeJS.Signals) => Promise<void>,
  ) {
    super(pty);
    const out = new Utf8Splitter();
    const err = new Utf8Splitter();
    channel.on('data', (chunk: Buffer) => this.emit(out.write(chunk)));
    channel.stderr.on('data', (chunk: Buffer) => this.emit(err.write(chunk)));
    channel.on('error', () => undefined);
    let exit: ExitInfo | undefined;
    let drain: NodeJS.Timeout | undefined;
    const done = (): void => {
      if (drain) clearTimeout(drain);
      this.emit(out.end() + err.end());
      this.finish(exit ?? { exitCode: null, error: 'the ssh channel closed without an exit status' });
    };
    // A background grandchild may keep the channel open after the shell exited.
    const armDrain = (): void => {
      drain = setTimeout(() => {
        if (this.paused) return armDrain();
        channel.close();
        done();
      }, DRAIN_MS);
    };
    exited.onExit((info) => {
      exit = info;
      armDrain();
    });
    channel.on('close', done);
  }

  get pid(): number | undefined {
    return undefined;
  }

  /** The connection dropped: the process is lost to us. */
  lose(): void {
    this.finish({ exitCode: null, error: 'the ssh connection was lost' });
  }

  write(data: string): void {
    if (!this.hasExited) this.channel.write(data);
  }

  closeStdin(): void {
    if (this.pty) this.write('\x04');
    else this.channel.end();
  }

  resize(cols: number, rows: number): void {
    if (this.pty && !this.hasExited) this.channel.setWindow(rows, cols, 0, 0);
  }

  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (!this.hasExited) await this.killer(signal);
  }

  pause(): void {
    this.paused = true;
    this.channel.pause();
    this.channel.stderr.pause();
  }

  resume(): void {
    this.paused = false;
    this.channel.resume();
    this.channel.stderr.resume();
  }
}
