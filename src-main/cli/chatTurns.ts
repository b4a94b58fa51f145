import { writeLine, type Io } from './args';
import { EXIT } from './chatOptions';
import type { ChatSession } from './chatSession';

/** The turn in progress, which Ctrl+C (SIGINT) or the stop signal ends. */
export class Turns {
  private running: AbortController | undefined;
  private prompting: AbortController | undefined;
  /** Set by a Ctrl+C: a second one at the prompt leaves. */
  armed = false;
  private readonly onSigint = () => this.interrupt();

  constructor(
    private readonly io: Io,
    private readonly stop: AbortSignal | undefined,
  ) {
    // Main leaves SIGINT to an interactive chat; while a turn runs the terminal is in cooked
    // mode, so Ctrl+C arrives as the signal rather than as a key.
    process.on('SIGINT', this.onSigint);
    stop?.addEventListener('abort', () => {
      this.running?.abort();
      this.prompting?.abort();
    });
  }

  /** Ends the prompt now shown when the process is stopped or sent SIGINT. */
  promptSignal(): AbortSignal {
    this.prompting = new AbortController();
    if (this.stopped) this.prompting.abort();
    return this.prompting.signal;
  }

  onStop(listener: () => void): void {
    this.stop?.addEventListener('abort', listener, { once: true });
  }

  get stopped(): boolean {
    return this.stop?.aborted === true;
  }

  async run(session: ChatSession, prompt: string, io: Io): Promise<number> {
    const controller = new AbortController();
    this.running = controller;
    this.armed = false;
    if (this.stopped) controller.abort();
    try {
      const result = await session.runTurn(prompt, controller.signal);
      if (result.status === 'max_iterations') writeLine(io.stderr, 'caduceus: stopped at max_iterations');
      if (result.status === 'cancelled' && !this.stopped)
        writeLine(io.stderr, 'caduceus: turn stopped. Ctrl+C again or Ctrl+D leaves.');
      return EXIT[result.status];
    } finally {
      this.running = undefined;
    }
  }

  /** Ctrl+C during a turn stops it; SIGINT at the prompt (`kill -INT`, not a key) leaves. */
  private interrupt(): void {
    this.armed = true;
    if (!this.running) return this.prompting?.abort();
    // The terminal echoed ^C where the cursor was: the cancelled card starts on a line of its own.
    if (!this.running.signal.aborted) this.io.stderr.write('\n');
    this.running.abort();
  }

  dispose(): void {
    process.off('SIGINT', this.onSigint);
  }
}
