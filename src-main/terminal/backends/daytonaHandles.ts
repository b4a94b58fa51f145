/**
 * Daytona processes as ProcessHandles: session commands (logs streamed by the SDK) and PTYs.
 * The SDK delivers output through callbacks it does not let us pause, so flow control cannot hold
 * these sources back; tool results stay bounded all the same.
 */
import { BaseHandle, Utf8Splitter, errorMessage } from '../handle';
import type { DaytonaProcessLike, DaytonaPtyLike } from './daytonaSdk';

type Killer = (signal: NodeJS.Signals) => Promise<void>;

export class DaytonaSessionHandle extends BaseHandle {
  constructor(
    private readonly sessions: DaytonaProcessLike,
    private readonly sessionId: string,
    private readonly commandId: string,
    private readonly killer: Killer,
  ) {
    super(false);
    const emit = (chunk: string): void => this.emit(chunk);
    void sessions
      .getSessionCommandLogs(sessionId, commandId, emit, emit)
      .then(() => sessions.getSessionCommand(sessionId, commandId))
      .then(
        (command) => this.finish({ exitCode: command.exitCode ?? null }),
        (error: unknown) => this.finish({ exitCode: null, error: errorMessage(error) }),
      )
      .finally(() => sessions.deleteSession(sessionId).catch(() => undefined));
  }

  get pid(): number | undefined {
    return undefined;
  }

  write(data: string): void {
    void this.sessions.sendSessionCommandInput?.(this.sessionId, this.commandId, data).catch(() => undefined);
  }

  closeStdin(): void {
    // Session commands have no way to signal end of input.
  }

  resize(): void {
    // Not a terminal.
  }

  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (!this.hasExited) await this.killer(signal);
  }

  pause(): void {
    // See the file comment: the SDK's log stream cannot be paused.
  }

  resume(): void {
    // See pause().
  }
}

export class DaytonaPtyHandle extends BaseHandle {
  private readonly splitter = new Utf8Splitter();
  private terminal: DaytonaPtyLike | undefined;
  private input: Promise<void> = Promise.resolve();

  constructor(private readonly killer: Killer) {
    super(true);
  }

  /** The SDK needs the data callback before the PTY exists, so the PTY is attached after creation. */
  readonly onBytes = (bytes: Uint8Array): void => this.emit(this.splitter.write(bytes));

  attach(pty: DaytonaPtyLike): void {
    this.terminal = pty;
    void pty.wait().then(
      (result) => this.finish({ exitCode: result.exitCode ?? null }),
      (error: unknown) => this.finish({ exitCode: null, error: errorMessage(error) }),
    );
  }

  get pid(): number | undefined {
    return undefined;
  }

  write(data: string): void {
    const pty = this.terminal;
    if (pty) this.input = this.input.then(() => pty.sendInput(data)).catch(() => undefined);
  }

  closeStdin(): void {
    this.write('\x04');
  }

  resize(cols: number, rows: number): void {
    void this.terminal?.resize(cols, rows).catch(() => undefined);
  }

  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (this.hasExited) return;
    await this.killer(signal);
    if (signal === 'SIGKILL') await this.terminal?.kill().catch(() => undefined);
  }

  pause(): void {
    // The SDK's PTY socket cannot be paused from here.
  }

  resume(): void {
    // See pause().
  }
}
