/** Shared plumbing for every backend's ProcessHandle: listeners, early output, the exit promise. */
import { StringDecoder } from 'node:string_decoder';
import type { ExitInfo, ProcessHandle } from './types';

export abstract class BaseHandle implements ProcessHandle {
  readonly exited: Promise<ExitInfo>;
  private readonly listeners = new Set<(data: string) => void>();
  private early: string[] = [];
  private resolveExit: (info: ExitInfo) => void = () => undefined;
  private settled = false;

  protected constructor(readonly pty: boolean) {
    this.exited = new Promise((resolve) => (this.resolveExit = resolve));
  }

  abstract get pid(): number | undefined;
  abstract write(data: string): void;
  abstract closeStdin(): void;
  abstract resize(cols: number, rows: number): void;
  abstract kill(signal?: NodeJS.Signals): Promise<void>;
  abstract pause(): void;
  abstract resume(): void;

  get hasExited(): boolean {
    return this.settled;
  }

  onData(listener: (data: string) => void): () => void {
    this.listeners.add(listener);
    if (this.early.length > 0) {
      const early = this.early;
      this.early = [];
      for (const chunk of early) listener(chunk);
    }
    return () => this.listeners.delete(listener);
  }

  protected emit(data: string): void {
    if (data.length === 0) return;
    if (this.listeners.size === 0) {
      this.early.push(data);
      return;
    }
    for (const listener of this.listeners) listener(data);
  }

  protected finish(info: ExitInfo): void {
    if (this.settled) return;
    this.settled = true;
    this.resolveExit(info);
  }
}

/** Decodes a byte stream as UTF-8 without splitting code points across chunks. */
export class Utf8Splitter {
  private readonly decoder = new StringDecoder('utf8');

  write(chunk: Buffer | Uint8Array | string): string {
    return typeof chunk === 'string' ? chunk : this.decoder.write(Buffer.from(chunk));
  }

  end(): string {
    return this.decoder.end();
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
