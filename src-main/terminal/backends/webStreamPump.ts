/** Reads a web ReadableStream (as SDKs return) with pause/resume, decoding UTF-8 safely. */
import { Utf8Splitter } from '../handle';

export class WebStreamPump {
  readonly done: Promise<void>;
  private paused = false;
  private wake: (() => void) | undefined;

  constructor(stream: ReadableStream<string | Uint8Array>, onText: (text: string) => void) {
    this.done = this.pump(stream, onText);
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.wake?.();
    this.wake = undefined;
  }

  private async pump(
    stream: ReadableStream<string | Uint8Array>,
    onText: (text: string) => void,
  ): Promise<void> {
    const splitter = new Utf8Splitter();
    const reader = stream.getReader();
    try {
      for (;;) {
        // While paused nothing is pulled, so the SDK's own backpressure holds the producer.
        if (this.paused) await new Promise<void>((resolve) => (this.wake = resolve));
        const { value, done } = await reader.read();
        if (done) break;
        onText(splitter.write(value));
      }
      onText(splitter.end());
    } finally {
      reader.releaseLock();
    }
  }
}
