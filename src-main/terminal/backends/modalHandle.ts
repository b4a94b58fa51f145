/** A Modal sandbox exec as a ProcessHandle. */
import { BaseHandle, errorMessage } from '../handle';
import type { ModalProcessLike } from './modalSdk';
import { WebStreamPump } from './webStreamPump';

export class ModalHandle extends BaseHandle {
  private readonly pumps: WebStreamPump[];
  private input: Promise<void> = Promise.resolve();

  constructor(
    private readonly execution: ModalProcessLike,
    pty: boolean,
    private readonly killer: (signal: NodeJS.Signals) => Promise<void>,
  ) {
    super(pty);
    this.pumps = [execution.stdout, execution.stderr].map(
      (stream) => new WebStreamPump(stream, (text) => this.emit(text)),
    );
    void Promise.all([execution.wait(), ...this.pumps.map((pump) => pump.done)]).then(
      ([exitCode]) => this.finish({ exitCode }),
      (error: unknown) => this.finish({ exitCode: null, error: errorMessage(error) }),
    );
  }

  get pid(): number | undefined {
    return undefined;
  }

  write(data: string): void {
    this.input = this.input.then(() => this.execution.stdin.writeText(data)).catch(() => undefined);
  }

  closeStdin(): void {
    this.input = this.input.then(() => this.execution.stdin.close()).catch(() => undefined);
  }

  resize(): void {
    // The SDK offers no window-size change for an exec.
  }

  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (!this.hasExited) await this.killer(signal);
  }

  pause(): void {
    for (const pump of this.pumps) pump.pause();
  }

  resume(): void {
    for (const pump of this.pumps) pump.resume();
  }
}
