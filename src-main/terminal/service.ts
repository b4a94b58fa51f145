/**
 * The terminal layer's front door, called by the `terminal` and `process` tools and by the UI:
 * per-task environments, foreground and background commands, user shells, live streams.
 */
import type { Logger } from '../runtime/types';
import type { LimitBreach } from '../sandbox/limits';
import { findRefusal, type SandboxRefusal } from '../sandbox/refusal';
import type { Sandbox } from '../sandbox/sandbox';
import { backendInfo } from '../../src-shared/backends/registry';
import { backendDefaultCwd, backendHostPaths, createBackend } from './backends/factory';
import {
  TerminalConfigSchema,
  type TerminalConfig,
  type TerminalConfigInput,
} from '../config/terminalSchema';
import { EnvironmentManager, type TaskOptions } from './environmentManager';
import { TerminalError } from './errors';
import { killGracefully, runToCompletion, within } from './exec';
import { errorMessage } from './handle';
import { endOnInputWait, inputWaitNote } from './inputWaitEnd';
import { handedOverNote, HandOvers } from './inputHandOver';
import { CANCELLED_NOTE, foregroundTimeoutMs, timeoutNote, withNote } from './limits';
import type { TerminalStreamSink } from './streamEvents';
import { ProcessRegistry } from './processRegistry';
import type { ScreenStore } from './mirror/screenStore';
import { StreamHub, type StreamConsumers } from './streamHub';
import type { Availability, InputWaitInfo, ProcessHandle, TerminalBackend } from './types';

export interface TerminalServiceOptions {
  config?: TerminalConfigInput;
  /** Receives every live output event; the consumer acknowledges through `ack`. */
  onEvent?: TerminalStreamSink;
  /** Defaults to on when `onEvent` is given. */
  flowControl?: boolean;
  /** Who acknowledges live output; without it, one consumer acknowledges everything. */
  consumers?: StreamConsumers;
  createBackend?: (key: string) => TerminalBackend;
  /** Contains every command of the local backend (not the human's own shell). */
  sandbox?: Sandbox;
  now?: () => number;
  /** Local backend: a task's workspace, where its environment starts (host paths mean nothing elsewhere). */
  workspaceOf?: (taskId: string) => string | undefined;
  /** Local backend: a task's temp folder, $TMPDIR of its sandboxed commands. */
  tempDirOf?: (taskId: string) => string | undefined;
  /** Local backend: more folders a task's sandboxed commands may write (its worktree's git state). */
  sessionRootsOf?: (taskId: string) => readonly string[];
  /** Local backend: where a task without a workspace starts when config.yaml names no `local.cwd`. */
  defaultCwd?: string;
  /**
   * A foreground command that waits for input: 'end' it with the reason (no one can answer, as
   * in the CLI without a terminal), 'hand-over' to a person through `onInputWait` and
   * `writeInput`, or let it 'wait' until its timeout (the default).
   */
  inputWait?: 'end' | 'hand-over' | 'wait';
  onInputWait?: (info: InputWaitInfo) => void;
  /** Keeps agents' final screens across restarts (the sessions database). */
  screenStore?: ScreenStore;
  /** Told when something behind the terminals fails (the mirror worker dies). */
  logger?: Logger;
}

export type { InputWaitInfo } from './types';

export interface RunCommandRequest {
  taskId: string;
  toolCallId: string;
  command: string;
  background?: boolean;
  /** Seconds; foreground only (default 180, at most 600). */
  timeout?: number;
  workdir?: string;
  pty?: boolean;
  cols?: number;
  rows?: number;
  signal?: AbortSignal;
  /** Live output of a foreground command, for the caller's own progress display. */
  onData?: (chunk: string) => void;
  /** A person allowed this exact command to run outside the sandbox. */
  outsideSandbox?: boolean;
  /**
   * A person's remembered yes for commands like this one (a `sandbox-outside:` grant): it may
   * write outside the sandbox's roots, and still reads nothing of the read policy.
   */
  openWrites?: boolean;
  /** Host loopback ports the command may reach from inside the sandbox. */
  loopbackPorts?: readonly number[];
  /** Hosts a person allowed for this command beyond sandbox.network.allowed_domains. */
  allowedHosts?: readonly string[];
}

export type RunCommandResult =
  | {
      status: 'completed';
      streamId: string;
      /** Truncated head+tail with a marker; a timeout or cancellation note is appended. */
      output: string;
      exitCode: number | null;
      timedOut: boolean;
      cancelled: boolean;
      truncated: boolean;
      error?: string;
      /** What the sandbox refused, when the output shows it did. */
      sandboxRefusal?: SandboxRefusal;
      /** The `sandbox.limits` limit that stopped the command or cut a write short. */
      limitBreach?: LimitBreach;
    }
  | { status: 'started'; streamId: string; processId: string; pid: number | undefined };

export interface UserShell {
  streamId: string;
  write(data: string): void;
  resize(cols: number, rows: number): void;
  close(): Promise<void>;
  readonly exited: Promise<unknown>;
}

export const USER_SHELL_CALL_ID = 'user_shell';

/** The mirrored screen of a task's commands: they share one tab in the UI. */
export const agentScreen = (taskId: string): string => `task:${taskId}`;

export class TerminalService {
  readonly config: TerminalConfig;
  readonly environments: EnvironmentManager;
  readonly processes: ProcessRegistry;
  readonly streams: StreamHub;
  private readonly shells = new Set<ProcessHandle>();
  /** Each task's foreground commands running now, so a revert can end them first. */
  private readonly foreground = new Map<string, Set<ProcessHandle>>();
  private readonly createBackend: (key: string) => TerminalBackend;
  readonly sandbox: Sandbox | undefined;
  private readonly inputWait: 'end' | 'hand-over' | 'wait';
  private readonly handOvers: HandOvers;
  private readonly sessionRootsOf: ((taskId: string) => readonly string[]) | undefined;

  constructor(options: TerminalServiceOptions = {}) {
    this.inputWait = options.inputWait ?? 'wait';
    this.handOvers = new HandOvers(options.onInputWait);
    this.config = TerminalConfigSchema.parse(options.config ?? {});
    const config = this.config;
    this.sandbox = options.sandbox;
    this.sessionRootsOf = backendHostPaths(this.config) ? options.sessionRootsOf : undefined;
    this.createBackend = options.createBackend ?? ((key) => createBackend(config, key, options.sandbox));
    this.processes = new ProcessRegistry({ bufferChars: config.processBufferChars, now: options.now });
    this.environments = new EnvironmentManager({
      createBackend: this.createBackend,
      cwd: backendDefaultCwd(config, options.defaultCwd),
      ...(backendHostPaths(config) && options.workspaceOf ? { workspaceOf: options.workspaceOf } : {}),
      ...(backendHostPaths(config) && options.tempDirOf ? { tempDirOf: options.tempDirOf } : {}),
      env: config.env,
      idleTimeoutMs: config.idleTimeoutSeconds * 1000,
      now: options.now,
      hasRunningProcesses: (key) => this.processes.hasRunning(key),
    });
    this.streams = new StreamHub(
      options.onEvent,
      options.flowControl ?? options.onEvent !== undefined,
      options.consumers,
      options.screenStore,
      options.logger,
    );
  }

  /** Whether the configured backend can run commands (for the tools' availability checks). */
  async availability(): Promise<Availability> {
    const backend = this.createBackend('availability');
    try {
      return await backend.isAvailable();
    } finally {
      await backend.dispose();
    }
  }

  /** Declares a sub-agent: it shares its parent's environment unless `ownEnvironment` is set. */
  registerTask(taskId: string, options: TaskOptions): void {
    this.environments.registerTask(taskId, options);
  }

  /** Per-task working directory set by the caller (applies to the task's environment). */
  setTaskCwd(taskId: string, cwd: string): void {
    this.environments.setCwdOverride(taskId, cwd);
  }

  /** A task's workspace changed or was given again: a local environment moves there if it is elsewhere. */
  applyWorkspace(taskId: string, dir: string): void {
    if (backendHostPaths(this.config)) this.environments.applyWorkspace(taskId, dir);
  }

  /**
   * Runs a `terminal` tool call. Throws TerminalError('invalid_argument') for a foreground timeout
   * above the cap and TerminalError('unavailable') when a background process cannot start; a
   * foreground failure to start comes back as a result with `error`.
   */
  async run(request: RunCommandRequest): Promise<RunCommandResult> {
    const timeoutMs = request.background ? 0 : foregroundTimeoutMs(request.timeout);
    const environment = this.environments.get(request.taskId);
    const streamId = this.streams.newId();
    const tags = { taskId: request.taskId, toolCallId: request.toolCallId, streamId };
    // Unless the call says otherwise, the grid the terminal pane shows (once a page has said it).
    const grid =
      request.cols && request.rows ? { cols: request.cols, rows: request.rows } : this.streams.agentGrid;
    environment.active++;
    try {
      const script = await environment.script(request.command, {
        workdir: request.workdir,
        background: request.background,
        // Run outside the sandbox or with writes open, the command must not source what
        // sandboxed commands saved.
        restoreEnv: !((request.outsideSandbox || request.openWrites) && this.sandboxesLocal()),
      });
      const handle = await environment.backend.spawn({
        command: script,
        env: environment.env,
        pty: request.pty,
        cols: grid?.cols,
        rows: grid?.rows,
        stdin: request.background === true,
        workspace: environment.workspace,
        tmpDir: environment.tmpDir,
        ...(this.sessionRootsOf ? { sessionRoots: this.sessionRootsOf(environment.key) } : {}),
        outsideSandbox: request.outsideSandbox,
        openWrites: request.openWrites,
        loopbackPorts: request.loopbackPorts,
        allowedHosts: request.allowedHosts,
      });
      // A PTY always takes keys; a plain command only when it has a stdin pipe (background). The
      // UI never holds an agent's command back: a page that falls behind gets a snapshot of its screen.
      this.streams.attach(tags, handle, {
        input: request.pty === true || request.background === true,
        screen: agentScreen(request.taskId),
        ...grid,
        command: request.command,
      });
      if (request.background) {
        const info = this.processes.register({
          taskId: request.taskId,
          environmentKey: environment.key,
          command: request.command,
          streamId,
          handle,
        });
        return { status: 'started', streamId, processId: info.id, pid: info.pid };
      }
      // Only a PTY gives a foreground command an input to wait on.
      const ended =
        this.inputWait === 'end' && request.pty ? endOnInputWait(handle, request.signal) : undefined;
      const handOver =
        this.inputWait === 'hand-over' && request.pty ? this.handOvers.watch(handle, tags) : undefined;
      const running = this.foreground.get(request.taskId) ?? new Set<ProcessHandle>();
      this.foreground.set(request.taskId, running.add(handle));
      const result = await runToCompletion(handle, {
        timeoutMs,
        signal: ended?.signal ?? request.signal,
        onData: request.onData,
        maxOutputChars: this.config.maxOutputChars,
      }).finally(() => {
        ended?.stop();
        running.delete(handle);
      });
      const handedOver = handOver?.finish();
      // What the sandbox undid once the command ended; a process that never ends gives nothing.
      const undone = handle.sandboxAftermath
        ? await within(handle.sandboxAftermath, 30_000, undefined)
        : undefined;
      const prompt = ended?.prompt();
      if (prompt !== undefined && !request.signal?.aborted) result.cancelled = false;
      const note = [
        result.timedOut ? timeoutNote(timeoutMs) : result.cancelled ? CANCELLED_NOTE : '',
        prompt !== undefined ? inputWaitNote(prompt) : '',
        handedOver ? handedOverNote(handedOver) : '',
        undone ?? '',
      ]
        .filter((n) => n !== '')
        .join('\n');
      const sandboxRefusal = handle.sandboxPolicy
        ? findRefusal(result.output, handle.sandboxPolicy, environment.workspace)
        : undefined;
      return {
        status: 'completed',
        streamId,
        output: withNote(result.output, note),
        exitCode: result.exitCode,
        timedOut: result.timedOut,
        cancelled: result.cancelled,
        truncated: result.totalChars > this.config.maxOutputChars,
        ...(result.error ? { error: result.error } : {}),
        ...(sandboxRefusal ? { sandboxRefusal } : {}),
        ...(handle.limitBreach ? { limitBreach: handle.limitBreach } : {}),
      };
    } catch (error) {
      const message = errorMessage(error);
      if (request.background)
        throw new TerminalError('unavailable', `could not start the process: ${message}`);
      return {
        status: 'completed',
        streamId,
        output: '',
        exitCode: null,
        timedOut: false,
        cancelled: false,
        truncated: false,
        error: message,
      };
    } finally {
      environment.active--;
      environment.touch();
    }
  }

  /**
   * Typing for a command that was handed to a person because it waits for input; false when the
   * stream is no such command (anything else must not be written to).
   */
  writeInput(streamId: string, data: string): boolean {
    return this.handOvers.write(streamId, data);
  }

  /** An interactive shell in the task's environment, streamed like any command. */
  async openUserShell(options: { taskId: string; cols: number; rows: number }): Promise<UserShell> {
    const environment = this.environments.get(options.taskId);
    const handle = await environment.backend.openShell({
      cols: options.cols,
      rows: options.rows,
      env: environment.env,
      // The human's shell runs outside the sandbox: it takes no variables sandboxed commands set.
      script: await environment.shellScript({ restoreEnv: !this.sandboxesLocal() }),
    });
    const streamId = this.streams.newId();
    const tags = { taskId: options.taskId, toolCallId: USER_SHELL_CALL_ID, streamId };
    this.streams.attach(tags, handle, { shellScreen: true, cols: options.cols, rows: options.rows });
    environment.active++;
    this.shells.add(handle);
    void handle.exited.then(() => {
      environment.active--;
      environment.touch();
      this.shells.delete(handle);
    });
    return {
      streamId,
      write: (data) => handle.write(data),
      // Through the hub, so the shell's mirror keeps the page's size.
      resize: (cols, rows) => void this.streams.resize(streamId, cols, rows),
      close: async () => {
        await handle.kill('SIGHUP');
        await handle.exited;
      },
      exited: handle.exited,
    };
  }

  private sandboxesLocal(): boolean {
    return this.sandbox?.enabled === true && backendInfo(this.config.backend).sandboxed;
  }

  /** `consumer` is the UI connection acknowledging; without it, the ack counts for every consumer. */
  ack(streamId: string, chars: number, consumer?: string, pace?: number): void {
    this.streams.ack(streamId, chars, consumer, pace);
  }

  /**
   * The task's session is gone: its background processes end, its environment is disposed
   * (unless the human's shell works in it), and its agent screen, live or kept, goes.
   */
  async releaseTask(taskId: string): Promise<void> {
    const key = this.environments.keyFor(taskId);
    await this.processes.killAll(key);
    // A sub-agent sharing its parent's environment leaves it to the parent.
    if (key === taskId) await this.environments.release(taskId);
    await this.streams.closeScreen(agentScreen(taskId));
  }

  /** Ends the task's running and background commands and waits for them to exit; its environment stays. */
  async stopTaskProcesses(taskId: string): Promise<void> {
    const running = [...(this.foreground.get(taskId) ?? [])];
    await Promise.all([
      this.processes.killAll(this.environments.keyFor(taskId)),
      ...running.map(async (handle) => {
        await killGracefully(handle);
        await within(handle.exited, 10_000, undefined);
      }),
    ]);
  }

  startIdleCleanup(intervalMs?: number): void {
    this.environments.startSweeper(intervalMs);
  }

  /** Ends every background process, user shell, running command and environment. */
  async shutdown(): Promise<void> {
    this.environments.stopSweeper();
    // Final screens being stored are kept; the live mirrors go.
    await this.streams.mirrors.settled();
    this.streams.dispose();
    await this.processes.killAll();
    const shells = [...this.shells];
    await Promise.all(shells.map((shell) => shell.kill('SIGKILL')));
    await Promise.all(shells.map((shell) => shell.exited));
    await this.environments.disposeAll();
  }
}
