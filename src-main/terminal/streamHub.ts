/** Live streams by id: connects process handles to OutputStreams and routes the UI's acks and input. */
import { OutputStream, type StreamTags, type TerminalStreamSink } from './outputStream';
import { commandHeader, exitFooter, LineEndings } from './streamFrame';
import type { ProcessHandle } from './types';

interface LiveStream {
  /** Absent when nobody consumes live output (headless use). */
  stream: OutputStream | undefined;
  handle: ProcessHandle;
}

export class StreamHub {
  private readonly live = new Map<string, LiveStream>();
  private nextId = 1;

  constructor(
    private readonly sink: TerminalStreamSink | undefined,
    private readonly flowControl: boolean,
  ) {}

  newId(): string {
    return `stream_${this.nextId++}`;
  }

  /**
   * Tracks the handle until it exits and streams its output when there is a sink. With a
   * `command` (an agent's call), the stream opens with the command line and closes with its exit.
   */
  attach(tags: StreamTags, handle: ProcessHandle, command?: string): void {
    const stream = this.sink
      ? new OutputStream(tags, this.sink, handle, { flowControl: this.flowControl })
      : undefined;
    this.live.set(tags.streamId, { stream, handle });
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

  /** The consumer has rendered `chars` characters of this stream. Unknown ids are ignored. */
  ack(streamId: string, chars: number): void {
    this.live.get(streamId)?.stream?.ack(chars);
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
  write(streamId: string, data: string): boolean {
    const live = this.live.get(streamId);
    live?.handle.write(data);
    return live !== undefined;
  }

  stream(streamId: string): OutputStream | undefined {
    return this.live.get(streamId)?.stream;
  }
}
