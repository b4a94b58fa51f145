/**
 * The local backend: child_process for plain commands, node-pty for PTYs; process groups for
 * kills. With a sandbox, every command runs inside it; only the human's own shell does not.
 */
import { spawn as spawnChild } from 'node:child_process';
import { access, constants, mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SandboxUnavailableError, type Sandbox, type WrappedCommand } from '../../sandbox/sandbox';
import { BackendBase } from '../backendBase';
import type { LocalConfig } from '../config';
import { TerminalError } from '../errors';
import { interactiveShellScript } from '../shellScript';
import { groupAlive, signalGroup } from '../processGroup';
import type { Availability, ProcessHandle, ShellOptions, SpawnOptions } from '../types';
import { ChildHandle, PtyHandle } from './localHandles';

export class LocalBackend extends BackendBase {
  readonly kind = 'local' as const;
  private readonly live = new Set<ProcessHandle>();
  /** Process groups of finished commands whose background children still run. */
  private readonly lingering = new Set<number>();
  private dir: Promise<string> | undefined;
  private shell: Promise<string> | undefined;
  private tmp: Promise<string> | undefined;

  constructor(
    private readonly config: LocalConfig = {},
    private readonly sandbox?: Sandbox,
  ) {
    super();
  }

  async isAvailable(): Promise<Availability> {
    const status = this.sandbox?.status();
    if (status?.effective === 'unavailable') return { available: false, reason: status.reason };
    try {
      await access(await this.shellPath(), constants.X_OK);
      return { available: true };
    } catch {
      return { available: false, reason: `no shell at ${await this.shellPath()}` };
    }
  }

  /** The human's own shell is theirs: it never runs inside the sandbox. */
  override openShell(options: ShellOptions): Promise<ProcessHandle> {
    return this.spawn({
      command: options.script ?? interactiveShellScript(undefined, options.cwd),
      pty: true,
      cols: options.cols,
      rows: options.rows,
      env: options.env,
      stdin: true,
      outsideSandbox: true,
    });
  }

  async spawn(options: SpawnOptions): Promise<ProcessHandle> {
    const shell = await this.shellPath();
    const cwd = options.cwd ?? homedir();
    const wrapped =
      this.sandbox?.enabled && !options.outsideSandbox ? await this.wrap(options, shell, cwd) : undefined;
    // exec: bwrap takes the shell's place (one process fewer, and it leads the process group).
    const command = wrapped ? `exec ${wrapped.command}` : options.command;
    const env = { ...stringEnv(process.env), ...options.env, ...wrapped?.env };
    let handle: ProcessHandle;
    try {
      handle = await this.start(shell, command, cwd, env, options);
    } catch (error) {
      await wrapped?.release();
      throw error;
    }
    if (wrapped) {
      handle.sandboxPolicy = wrapped.policy;
      void handle.exited.then(() => wrapped.release());
    }
    this.track(handle);
    return handle;
  }

  private async wrap(options: SpawnOptions, shell: string, cwd: string): Promise<WrappedCommand> {
    if (!this.sandbox) throw new TerminalError('unavailable', 'no sandbox');
    try {
      return await this.sandbox.wrap({
        command: options.command,
        shell,
        workspace: options.workspace ?? cwd,
        tmpDir: await this.tmpDir(),
        internalRoots: [await this.stateDir()],
        loopbackPorts: options.loopbackPorts,
        extraDomains: options.allowedHosts,
      });
    } catch (error) {
      if (error instanceof SandboxUnavailableError) throw new TerminalError('unavailable', error.message);
      throw error;
    }
  }

  private async start(
    shell: string,
    command: string,
    cwd: string,
    env: Record<string, string>,
    options: SpawnOptions,
  ): Promise<ProcessHandle> {
    if (options.pty) {
      const pty = await import('node-pty');
      return new PtyHandle(
        pty.spawn(shell, ['-c', command], {
          name: 'xterm-256color',
          cols: options.cols ?? 80,
          rows: options.rows ?? 24,
          cwd,
          env,
        }),
      );
    }
    const child = spawnChild(shell, ['-c', command], {
      cwd,
      env,
      detached: true,
      stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    return new ChildHandle(child);
  }

  /** The session's temp folder (TMPDIR inside the sandbox). */
  private tmpDir(): Promise<string> {
    this.tmp ??= mkdtemp(join(tmpdir(), 'caduceus-tmp-'));
    return this.tmp;
  }

  stateDir(): Promise<string> {
    this.dir ??= mkdtemp(join(tmpdir(), 'caduceus-term-'));
    return this.dir;
  }

  async dispose(): Promise<void> {
    const handles = [...this.live];
    await Promise.all(handles.map((handle) => handle.kill('SIGKILL')));
    await Promise.all(handles.map((handle) => handle.exited));
    for (const pgid of this.lingering) if (groupAlive(pgid)) signalGroup(pgid, 'SIGKILL');
    this.lingering.clear();
    if (this.dir) await rm(await this.dir, { recursive: true, force: true });
    if (this.tmp) await rm(await this.tmp, { recursive: true, force: true });
    this.dir = undefined;
    this.tmp = undefined;
  }

  private track(handle: ProcessHandle): void {
    this.live.add(handle);
    void handle.exited.then(() => {
      this.live.delete(handle);
      if (handle.pid !== undefined && groupAlive(handle.pid)) this.lingering.add(handle.pid);
    });
  }

  private shellPath(): Promise<string> {
    this.shell ??= this.config.shell
      ? Promise.resolve(this.config.shell)
      : access('/bin/bash', constants.X_OK).then(
          () => '/bin/bash',
          () => '/bin/sh',
        );
    return this.shell;
  }
}

function stringEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) result[key] = value;
  return result;
}
