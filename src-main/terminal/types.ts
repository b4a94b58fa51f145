/** The terminal layer's core contracts: one backend interface, one process handle, many transports. */
import type { LimitBreach } from '../sandbox/limits';
import type { SandboxPolicy } from '../sandbox/policy';

import type { TerminalBackendKind } from '../../src-shared/backends/registry';

export interface Availability {
  available: boolean;
  /** Why the backend cannot be used (missing binary, missing credentials, ...). */
  reason?: string;
}

export interface ExitInfo {
  /** null when the process died from a signal or the transport failed. */
  exitCode: number | null;
  signal?: string;
  /** Set when the transport itself failed (connection dropped, container gone). */
  error?: string;
}

/** A running process on any backend. Output arrives as UTF-8 text with code points kept whole. */
export interface ProcessHandle {
  /** Set when the process runs inside the local sandbox: what it may touch. */
  sandboxPolicy?: SandboxPolicy;
  /** Set once the process ended when a `sandbox.limits` limit stopped it (or cut a write short). */
  limitBreach?: LimitBreach;
  /** Settles after the sandboxed process exited: what it left that runs code later and was undone. */
  sandboxAftermath?: Promise<string | undefined>;
  /** The process id inside the backend, when known. */
  readonly pid: number | undefined;
  readonly pty: boolean;
  /** Subscribes to output; returns the unsubscribe function. Output before the first listener is kept. */
  onData(listener: (data: string) => void): () => void;
  /** Settles once, when the process has exited and its output has been delivered. */
  readonly exited: Promise<ExitInfo>;
  write(data: string): void;
  closeStdin(): void;
  resize(cols: number, rows: number): void;
  /** Kills the whole process group (grandchildren too). */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Flow control: stop reading output so the process blocks instead of memory growing. */
  pause(): void;
  resume(): void;
}

export interface SpawnOptions {
  /** A shell script, run by the backend's POSIX shell. */
  command: string;
  cwd?: string;
  env?: Record<string, string>;
  pty?: boolean;
  cols?: number;
  rows?: number;
  /** Foreground one-shot commands get no stdin; background processes keep it open. */
  stdin?: boolean;
  /** The folder a local sandbox lets the command write (the session's workspace). */
  workspace?: string;
  /** The session's temp folder: $TMPDIR inside the local sandbox, which may write it. */
  tmpDir?: string;
  /** More folders this session's sandbox lets it write (a worktree's git state). */
  sessionRoots?: readonly string[];
  /** A person allowed this command to run outside the local sandbox. */
  outsideSandbox?: boolean;
  /** A remembered yes lets it write outside the local sandbox's roots; reads stay fenced (Sandbox WrapRequest). */
  openWrites?: boolean;
  /** Host loopback ports a sandboxed command may still reach (execute_code's tool channel). */
  loopbackPorts?: readonly number[];
  /** Hosts a person allowed beyond the configured ones. */
  allowedHosts?: readonly string[];
}

export interface ExecOptions extends SpawnOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  onData?: (chunk: string) => void;
  /** Output kept for the result (head and tail); the live stream is never cut. */
  maxOutputChars?: number;
}

export interface ExecResult {
  output: string;
  exitCode: number | null;
  timedOut: boolean;
  cancelled: boolean;
  /** Characters produced in total, before truncation. */
  totalChars: number;
  error?: string;
}

export interface ShellOptions {
  cols: number;
  rows: number;
  cwd?: string;
  env?: Record<string, string>;
  /** A script that ends by exec'ing the interactive shell (restores an environment's state). */
  script?: string;
}

export interface TerminalBackend {
  readonly kind: TerminalBackendKind;
  isAvailable(): Promise<Availability>;
  exec(options: ExecOptions): Promise<ExecResult>;
  spawn(options: SpawnOptions): Promise<ProcessHandle>;
  /** An interactive login shell in a PTY, for the user's terminal pane. */
  openShell(options: ShellOptions): Promise<ProcessHandle>;
  /** A directory inside the backend where per-environment state files may live. */
  stateDir(): Promise<string>;
  /** Ends every process this backend started and releases its resources. */
  dispose(): Promise<void>;
}

/** A foreground command that stopped to wait for input: what the hand-over shows. */
export interface InputWaitInfo {
  streamId: string;
  taskId: string;
  toolCallId: string;
  prompt: string;
}
