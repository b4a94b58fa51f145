/** Live streams by id: connects process handles to OutputStreams and routes the UI's acks and input. */
import { OutputStream, type StreamTags, type TerminalStreamSink, type WhenBehind } from './outputStream';
import { commandHeader, exitFooter, LineEndings } from './streamFrame';
import type { ProcessHandle } from './types';

/** The UI connections that take live output (each acknowledges for itself), and their comings and goings. */
export interface StreamConsumers {
  ids(): Iterable<string>;
  watch(watcher: (id: string, joined: boolean) => void): () => void;
}

interface LiveStream {
  /** Absent when nobody consumes live output (headless use). */
  stream: OutputStream | undefined;
  handle: ProcessHandle;
  /** False for a plain command whose stdin is /dev/null: typing cannot reach it. */
  input: boolean;
}

/** What became of keys typed into a stream. */
export type WriteResult = 'written' | 'unknown_stream' | 'no_input';

export class StreamHub {
  private readonly live = new Map<string, LiveStream>();
  private nextId = 1;
  private readonly unwatch: () => void;

  constructor(
    private readonly sink: TerminalStreamSink | undefined,
    private readonly flowControl: boolean,
    private readonly consumers?: StreamConsumers,
  ) {
    this.unwatch =
      consumers?.watch((id, joined) => {
        for (const { stream } of this.live.values())
          if (joined) stream?.addConsumer(id);
          else stream?.removeConsumer(id);
      }) ?? (() => undefined);
  }

  newId(): string {
    return `stream_${this.nextId++}`;
  }

  /**
   * Tracks the handle until it exits and streams its output when there is a sink. With a
   * `command` (an agent's call), the stream opens with the command line and closes with its exit.
   */
  attach(
    tags: StreamTags,
    handle: ProcessHandle,
    options: { input?: boolean; whenBehind?: WhenBehind; command?: string } = {},
  ): void {
    const { command } = options;
    const stream = this.sink
      ? new OutputStream(tags, this.sink, handle, {
          flowControl: this.flowControl,
          ...(options.whenBehind ? { whenBehind: options.whenBehind } : {}),
          ...(this.consumers ? { consumers: [...this.consumers.ids()] } : {}),
        })
      : undefined;
    this.live.set(tags.streamId, { stream, handle, input: options.input ?? true });
    const startedAt = Date.now();
    // A PTY already ends lines with CRLF; pipes do not.
    const endings = handle.pty ? undefined : new LineEndings();
    let atLineStart = true;
    if (stream) {
      if (command !== undefined) stream.write(commandHeader(command));
      handle.onData((data) => {
        const text = endings ? endings.write(data) : data;
        if (text.length > 0) atLineStart = text.endsWith('\n');
        stream.write(text);
      });
    }
    void handle.exited.then((exit) => {
      if (stream && command !== undefined)
        stream.write(exitFooter(exit, Date.now() - startedAt, atLineStart));
      stream?.end(exit.exitCode, exit.signal);
      this.live.delete(tags.streamId);
    });
  }

  /** A consumer (all of them, without an id) has rendered `chars` characters. Unknown ids are ignored. */
  ack(streamId: string, chars: number, consumer?: string): void {
    this.live.get(streamId)?.stream?.ack(chars, consumer);
  }

  /** The consumer is gone (pane closed): stop holding the source back for it. */
  release(streamId: string): void {
    this.live.get(streamId)?.stream?.setFlowControl(false);
  }

  resize(streamId: string, cols: number, rows: number): boolean {
    const live = this.live.get(streamId);
    live?.handle.resize(cols, rows);
    return live !== undefined;
  }

  /** Keyboard input from the pane into whatever runs in the stream. */
  write(streamId: string, data: string): WriteResult {
    const live = this.live.get(streamId);
    if (!live) return 'unknown_stream';
    if (!live.input) return 'no_input';
    live.handle.write(data);
    return 'written';
  }

  /** Stops following consumers (the service is shutting down). */
  dispose(): void {
    this.unwatch();
  }

  stream(streamId: string): OutputStream | undefined {
    return this.live.get(streamId)?.stream;
  }
}
