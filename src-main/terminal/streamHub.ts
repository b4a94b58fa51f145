/** Live streams by id: connects process handles to OutputStreams and routes the UI's acks and input. */
import type { Logger } from '../runtime/types';
import { MachineHeadroom } from './machineHeadroom';
import { PagePaceMemory } from './pagePace';
import { MirrorHub } from './mirror/mirrorHub';
import type { ScreenStore } from './mirror/screenStore';
import { OutputStream } from './outputStream';
import type { StreamTags, TerminalStreamSink } from './streamEvents';
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
  /** The mirrored screen it writes to (an agent's command, a user shell), if any. */
  screen: string | undefined;
  toolCallId: string;
  /** Settles once the stream has ended and its screen is released. */
  closed: Promise<void>;
}

export interface AttachOptions {
  input?: boolean;
  /**
   * An agent's command: mirrored on this screen (one per tab) and never paused for the UI;
   * a consumer that falls behind gets a snapshot instead. Without it, ack flow control (a user shell).
   */
  screen?: string;
  /**
   * A user shell: mirrored on a screen of its own, so a page that (re)connects gets its screen
   * first; live output keeps ack flow control, and its screen is not kept once it ends.
   */
  shellScreen?: boolean;
  cols?: number;
  rows?: number;
  /** An agent's command line, written as the stream's header. */
  command?: string;
}

/** What became of keys typed into a stream. */
export type WriteResult = 'written' | 'unknown_stream' | 'no_input';

/** The mirrored screen of one user shell; only agents' screens (`task:`) outlive their streams. */
const USER_SHELL_SCREEN = 'shell:';
const userShellScreen = (streamId: string): string => `${USER_SHELL_SCREEN}${streamId}`;

/** One reading of the machine's idle cores for every stream of the process. */
const machine = new MachineHeadroom();
const machinePace = (): number => machine.pace();
/** The pace pages last asked for, where new pages start (shared like the machine's reading). */
const pagePace = new PagePaceMemory();

export class StreamHub {
  private readonly live = new Map<string, LiveStream>();
  private nextId = 1;
  /**
   * The grid a page last gave an agent's command (the terminal pane's size): the next command's
   * PTY and screen start at it, so its first output and snapshots match what the page shows.
   */
  private lastAgentGrid: { cols: number; rows: number } | undefined;
  private readonly unwatch: () => void;
  readonly mirrors: MirrorHub;

  constructor(
    private readonly sink: TerminalStreamSink | undefined,
    private readonly flowControl: boolean,
    private readonly consumers?: StreamConsumers,
    screenStore?: ScreenStore,
    logger?: Logger,
  ) {
    this.mirrors = new MirrorHub({
      ...(screenStore ? { store: screenStore } : {}),
      ...(logger ? { logger } : {}),
    });
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
  attach(tags: StreamTags, handle: ProcessHandle, options: AttachOptions = {}): void {
    const { command } = options;
    const shellScreen = options.shellScreen ? userShellScreen(tags.streamId) : undefined;
    const screen = this.sink ? (options.screen ?? shellScreen) : undefined;
    const mirror =
      screen === undefined ? undefined : this.mirrors.acquire(screen, tags.streamId, tags.toolCallId);
    if (mirror && options.cols && options.rows) mirror.resize(options.cols, options.rows);
    const whenBehind = options.screen === undefined ? ('pause' as const) : ('snapshot' as const);
    const stream = this.sink
      ? new OutputStream(tags, this.sink, handle, {
          flowControl: this.flowControl,
          ...(mirror ? { whenBehind, mirror, machinePace } : {}),
          ...(this.consumers ? { consumers: [...this.consumers.ids()] } : {}),
        })
      : undefined;
    const entry: LiveStream = {
      stream,
      handle,
      input: options.input ?? true,
      screen,
      toolCallId: tags.toolCallId,
      closed: Promise.resolve(),
    };
    this.live.set(tags.streamId, entry);
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
    entry.closed = handle.exited.then(async (exit) => {
      if (stream && command !== undefined)
        stream.write(exitFooter(exit, Date.now() - startedAt, atLineStart));
      await stream?.end(exit.exitCode, exit.signal);
      this.live.delete(tags.streamId);
      // Registered at once, so a restore from now on waits for the final screen.
      if (screen !== undefined) await this.mirrors.release(screen, tags.streamId, exit.exitCode);
    });
  }

  /**
   * A page (re)loaded: it gets every mirrored screen as it is now (user shells' too), live ones
   * followed by their live output, and the final screens of commands that have ended.
   */
  async restore(consumer: string): Promise<void> {
    const sink = this.sink;
    if (!sink) return;
    // A screen whose last stream just ended is between live and finished: wait until it is stored.
    await this.mirrors.settled();
    const liveScreens = new Set<string>();
    for (const { stream, screen } of this.live.values()) {
      if (screen === undefined || !stream) continue;
      liveScreens.add(screen);
      stream.addConsumer(consumer);
      stream.resync(consumer);
    }
    for (const [screen, final] of this.mirrors.finishedScreens()) {
      if (liveScreens.has(screen)) continue;
      const taskId = screen.slice(screen.indexOf(':') + 1);
      const tags = { taskId, toolCallId: final.toolCallId, streamId: final.streamId };
      const size = { cols: final.cols, rows: final.rows };
      sink({ ...tags, to: [consumer], type: 'data', data: final.data, snapshot: true, size });
      sink({ ...tags, to: [consumer], type: 'exit', exitCode: final.exitCode });
    }
  }

  /** Whether a UI gets this tool call's output as a live stream (so it needs no other copy). */
  carries(toolCallId: string): boolean {
    for (const live of this.live.values()) if (live.toolCallId === toolCallId && live.stream) return true;
    return false;
  }

  /** The consumer closed the stream's tab: it gets none of its output any more. */
  detach(streamId: string, consumer: string): void {
    this.live.get(streamId)?.stream?.detach(consumer);
  }

  /** Whether the consumer (all of them, without an id) shows the stream (see OutputStream.view). */
  view(streamId: string, shown: boolean, consumer?: string): void {
    this.live.get(streamId)?.stream?.view(shown, consumer);
  }

  /**
   * A consumer (all of them, without an id) has rendered `chars` characters. Unknown ids are
   * ignored. `pace`: how many times less the consumer asks to be fed (see OutputStream.ack).
   */
  ack(streamId: string, chars: number, consumer?: string, pace?: number): void {
    if (pace !== undefined) pagePace.heard(pace);
    this.live.get(streamId)?.stream?.ack(chars, consumer, pace);
  }

  /** The pace a page opening now starts at: where pages last settled (see PagePaceMemory). */
  get startPace(): number {
    return pagePace.start;
  }

  /** The consumer is gone (pane closed): stop holding the source back for it. */
  release(streamId: string): void {
    this.live.get(streamId)?.stream?.setFlowControl(false);
  }

  /** The pane's grid as pages last set it for an agent's command; undefined before any did. */
  get agentGrid(): { cols: number; rows: number } | undefined {
    return this.lastAgentGrid;
  }

  resize(streamId: string, cols: number, rows: number): boolean {
    const live = this.live.get(streamId);
    if (live && live.screen !== undefined && !live.screen.startsWith(USER_SHELL_SCREEN))
      this.lastAgentGrid = { cols, rows };
    live?.handle.resize(cols, rows);
    if (live?.screen !== undefined) this.mirrors.acquired(live.screen)?.resize(cols, rows);
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

  /**
   * The screen's task is gone: its streams still running are killed, and once they have ended
   * (each emits its exit) the screen is forgotten, so no page gets it back.
   */
  async closeScreen(screen: string): Promise<void> {
    const left = [...this.live.values()].filter((live) => live.screen === screen);
    await Promise.all(left.map((live) => live.handle.kill('SIGKILL')));
    await Promise.all(left.map((live) => live.closed));
    // A stream that ended just before may still be storing this screen.
    await this.mirrors.settled();
    this.mirrors.forget(screen);
  }

  /** Stops following consumers (the service is shutting down). */
  dispose(): void {
    this.unwatch();
    this.mirrors.dispose();
  }

  stream(streamId: string): OutputStream | undefined {
    return this.live.get(streamId)?.stream;
  }
}
