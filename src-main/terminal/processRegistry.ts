/** Background processes: stable ids, bounded output rings, and the operations of the `process` tool. */
import { TerminalError } from './errors';
import { killGracefully, within } from './exec';
import { OutputRing } from './ring';
import type { ProcessHandle } from './types';

export type ProcessStatus = 'running' | 'exited' | 'killed';

export interface ProcessInfo {
  id: string;
  taskId: string;
  environmentKey: string;
  command: string;
  pty: boolean;
  pid: number | undefined;
  streamId: string;
  status: ProcessStatus;
  exitCode: number | null;
  signal?: string;
  error?: string;
  startedAt: number;
  endedAt?: number;
  /** Characters of output produced so far (the ring keeps only the most recent). */
  outputChars: number;
  stdinOpen: boolean;
}

export interface RegisterProcess {
  taskId: string;
  environmentKey: string;
  command: string;
  streamId: string;
  handle: ProcessHandle;
}

interface Entry {
  info: ProcessInfo;
  handle: ProcessHandle;
  ring: OutputRing;
  pollOffset: number;
}

export interface ProcessRegistryOptions {
  bufferChars?: number;
  /** Finished processes kept for inspection; older ones are forgotten. */
  maxFinished?: number;
  now?: () => number;
}

export class ProcessRegistry {
  private readonly entries = new Map<string, Entry>();
  private nextId = 1;
  private readonly now: () => number;

  constructor(private readonly options: ProcessRegistryOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  register(process: RegisterProcess): ProcessInfo {
    const id = `proc_${this.nextId++}`;
    const { handle } = process;
    const info: ProcessInfo = {
      id,
      taskId: process.taskId,
      environmentKey: process.environmentKey,
      command: process.command,
      pty: handle.pty,
      pid: handle.pid,
      streamId: process.streamId,
      status: 'running',
      exitCode: null,
      startedAt: this.now(),
      outputChars: 0,
      stdinOpen: true,
    };
    const entry: Entry = { info, handle, ring: new OutputRing(this.options.bufferChars), pollOffset: 0 };
    this.entries.set(id, entry);
    handle.onData((data) => {
      entry.ring.append(data);
      info.outputChars += data.length;
    });
    // What the sandbox undid after the process ended is the last of its output.
    void handle.sandboxAftermath?.then((undone) => {
      if (undone) entry.ring.append(`\n${undone}\n`);
    });
    void handle.exited.then((exit) => {
      if (info.status === 'running') info.status = 'exited';
      info.exitCode = exit.exitCode;
      if (exit.signal) info.signal = exit.signal;
      if (exit.error) info.error = exit.error;
      info.endedAt = this.now();
      info.stdinOpen = false;
      this.prune();
    });
    return { ...info };
  }

  get(id: string): ProcessInfo {
    return { ...this.entry(id).info };
  }

  list(filter: { taskId?: string; environmentKey?: string } = {}): ProcessInfo[] {
    return [...this.entries.values()]
      .map((entry) => entry.info)
      .filter((info) => filter.taskId === undefined || info.taskId === filter.taskId)
      .filter((info) => filter.environmentKey === undefined || info.environmentKey === filter.environmentKey)
      .map((info) => ({ ...info }));
  }

  /** Output produced since the previous poll (its last `maxChars` if there is more). */
  poll(id: string, maxChars = 10_000): { process: ProcessInfo; output: string; skippedChars: number } {
    const entry = this.entry(id);
    const available = entry.ring.endOffset - entry.pollOffset;
    const from = Math.max(entry.pollOffset, entry.ring.endOffset - maxChars);
    const read = entry.ring.read(from, maxChars);
    entry.pollOffset = read.nextOffset;
    return { process: { ...entry.info }, output: read.text, skippedChars: available - read.text.length };
  }

  /** Lines of retained output; `offset` is an absolute line number, by default the last `limit` lines. */
  log(id: string, options: { offset?: number; limit?: number } = {}) {
    const entry = this.entry(id);
    const lines = entry.ring.lines(options.offset, options.limit ?? 200);
    return { process: { ...entry.info }, ...lines };
  }

  async wait(
    id: string,
    timeoutMs: number,
  ): Promise<{ process: ProcessInfo; timedOut: boolean; outputTail: string }> {
    const entry = this.entry(id);
    const done = await within(
      entry.handle.exited.then(async () => {
        await entry.handle.sandboxAftermath;
        return true;
      }),
      timeoutMs,
      false,
    );
    return { process: { ...entry.info }, timedOut: !done, outputTail: entry.ring.tail(2_000) };
  }

  async kill(id: string): Promise<ProcessInfo> {
    const entry = this.entry(id);
    if (entry.info.status === 'running') {
      entry.info.status = 'killed';
      await killGracefully(entry.handle);
      await within(entry.handle.exited, 5_000, undefined);
    }
    return { ...entry.info };
  }

  write(id: string, data: string): void {
    const entry = this.running(id);
    if (!entry.info.stdinOpen) throw new TerminalError('invalid_argument', `stdin of ${id} is closed`);
    entry.handle.write(data);
  }

  closeStdin(id: string): void {
    const entry = this.running(id);
    entry.info.stdinOpen = false;
    entry.handle.closeStdin();
  }

  hasRunning(environmentKey: string): boolean {
    return [...this.entries.values()].some(
      (entry) => entry.info.environmentKey === environmentKey && entry.info.status === 'running',
    );
  }

  /** Kills every running process (of one environment when `environmentKey` is given). */
  async killAll(environmentKey?: string): Promise<void> {
    const running = [...this.entries.values()].filter(
      (entry) =>
        entry.info.status === 'running' &&
        (environmentKey === undefined || entry.info.environmentKey === environmentKey),
    );
    await Promise.all(running.map((entry) => this.kill(entry.info.id)));
  }

  private entry(id: string): Entry {
    const entry = this.entries.get(id);
    if (!entry) throw new TerminalError('not_found', `no background process with id ${id}`);
    return entry;
  }

  private running(id: string): Entry {
    const entry = this.entry(id);
    if (entry.info.status !== 'running') throw new TerminalError('not_running', `${id} has already exited`);
    return entry;
  }

  private prune(): void {
    const max = this.options.maxFinished ?? 100;
    const finished = [...this.entries.values()].filter((entry) => entry.info.status !== 'running');
    for (const entry of finished.slice(0, Math.max(0, finished.length - max)))
      this.entries.delete(entry.info.id);
  }
}
