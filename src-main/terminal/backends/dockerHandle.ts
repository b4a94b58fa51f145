/** A docker exec as a ProcessHandle: raw TTY stream or the multiplexed stdout/stderr framing. */
import type { Duplex } from 'node:stream';
import type Docker from 'dockerode';
import { BaseHandle, Utf8Splitter, errorMessage } from '../handle';
import { delay } from '../exec';

/** How often a running exec is checked (backing off to the max), to notice an exit while a grandchild holds the stream. */
const EXIT_POLL_MIN_MS = 100;
const EXIT_POLL_MAX_MS = 1_000;
const DRAIN_MS = 200;

export class DockerExecHandle extends BaseHandle {
  private ended = false;
  private paused = false;
  /** Input typed after a resize must reach the process after the resize took effect. */
  private resizing: Promise<void> | undefined;

  constructor(
    private readonly exec: Docker.Exec,
    private readonly stream: Duplex,
    pty: boolean,
    private readonly killer: (signal: NodeJS.Signals) => Promise<void>,
  ) {
    super(pty);
    if (pty) {
      const splitter = new Utf8Splitter();
      stream.on('data', (chunk: Buffer) => this.emit(splitter.write(chunk)));
      stream.on('end', () => this.emit(splitter.end()));
    } else {
      this.demultiplex();
    }
    stream.on('error', () => undefined);
    stream.once('end', () => this.onStreamEnd());
    stream.once('close', () => this.onStreamEnd());
    void this.watchExit();
  }

  get pid(): number | undefined {
    return undefined;
  }

  write(data: string): void {
    if (this.resizing) void this.resizing.then(() => this.write(data));
    else if (!this.ended) this.stream.write(data);
  }

  closeStdin(): void {
    if (this.pty) this.write('\x04');
    else this.stream.end();
  }

  resize(cols: number, rows: number): void {
    if (!this.pty || this.hasExited) return;
    const resizing = (this.resizing ?? Promise.resolve())
      .then(() => this.exec.resize({ h: rows, w: cols }))
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        if (this.resizing === resizing) this.resizing = undefined;
      });
    this.resizing = resizing;
  }

  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (!this.hasExited) await this.killer(signal);
  }

  pause(): void {
    this.paused = true;
    this.stream.pause();
  }

  resume(): void {
    this.paused = false;
    this.stream.resume();
  }

  /** Docker frames non-TTY output as [stream, 0, 0, 0, size (BE32)] + payload. */
  private demultiplex(): void {
    const splitters = [new Utf8Splitter(), new Utf8Splitter()];
    let buffer: Buffer = Buffer.alloc(0);
    this.stream.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      while (buffer.length >= 8) {
        const size = buffer.readUInt32BE(4);
        if (buffer.length < 8 + size) break;
        const splitter = splitters[buffer[0] === 2 ? 1 : 0];
        if (splitter) this.emit(splitter.write(buffer.subarray(8, 8 + size)));
        buffer = buffer.subarray(8 + size);
      }
    });
    this.stream.on('end', () => this.emit(splitters.map((s) => s.end()).join('')));
  }

  private onStreamEnd(): void {
    if (this.ended) return;
    this.ended = true;
    void this.reportExit();
  }

  private async reportExit(): Promise<void> {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        const info = await this.exec.inspect();
        if (!info.Running) return this.finish({ exitCode: info.ExitCode ?? null });
      } catch (error) {
        return this.finish({ exitCode: null, error: errorMessage(error) });
      }
      await delay(20 * Math.min(attempt + 1, 10), undefined);
    }
    this.finish({
      exitCode: null,
      error: 'docker kept reporting the exec as running after its output ended',
    });
  }

  /** The shell may exit while a background child keeps the output open: stop waiting for it. */
  private async watchExit(): Promise<void> {
    for (let wait = EXIT_POLL_MIN_MS; !this.ended; wait = Math.min(wait * 2, EXIT_POLL_MAX_MS)) {
      await delay(wait, undefined);
      if (this.ended) return;
      const running = await this.exec.inspect().then(
        (info) => info.Running,
        () => false,
      );
      if (running || this.paused) continue;
      await delay(DRAIN_MS, undefined);
      if (!this.paused && !this.ended) {
        this.stream.destroy();
        this.onStreamEnd();
      }
    }
  }
}
