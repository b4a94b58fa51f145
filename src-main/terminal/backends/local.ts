/**
 * The local backend: child_process for plain commands, node-pty for PTYs (ConPTY on Windows).
 * Commands run in the shell that shellDiscovery finds, with the user's environment. With a
 * sandbox, every command runs inside it; only the human's own shell does not.
 */
import { spawn as spawnChild } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SandboxUnavailableError, type Sandbox, type WrappedCommand } from '../../sandbox/sandbox';
import { BackendBase } from '../backendBase';
import type { LocalConfig } from '../../config/terminalSchema';
import { interactiveShellScript } from '../shellScript';
import { shQuote } from '../../../src-shared/shellQuote';
import { groupAlive, processesWithEnv, signalGroup } from '../processGroup';
import type { Host } from '../platform/host';
import { realHost } from '../platform/host';
import { killTree } from '../platform/killTree';
import { launchSpec, shellPath } from '../platform/launch';
import type { ShellDiscovery, ShellLauncher } from '../platform/shellDiscovery';
import { discoverShell } from '../platform/shellDiscovery';
import { userEnvironment } from '../platform/userEnvironment';
import { TerminalError } from '../errors';
import type { Availability, ProcessHandle, ShellOptions, SpawnOptions } from '../types';
import { LimitedHandle } from './limitedHandle';
import { ChildHandle, PtyHandle } from './localHandles';
import type { BackendBehaviour } from './behaviour';

/** The environment variable that marks the processes of one sandboxed run. */
const RUN_MARK = 'CADUCEUS_SANDBOX_RUN';

export class LocalBackend extends BackendBase {
  readonly kind = 'local' as const;
  private readonly live = new Set<ProcessHandle>();
  /** Process groups of finished commands whose background children still run. */
  private readonly lingering = new Set<number>();
  private dir: Promise<string> | undefined;
  private shell: Promise<ShellDiscovery> | undefined;
  private tmp: Promise<string> | undefined;
  private readonly kill = (pid: number, signal: NodeJS.Signals): Promise<boolean> =>
    killTree(this.host, pid, signal);

  constructor(
    private readonly config: LocalConfig = {},
    private readonly host: Host = realHost(),
    private readonly sandbox?: Sandbox,
  ) {
    super();
  }

  async isAvailable(): Promise<Availability> {
    const status = this.sandbox?.status();
    if (status?.effective === 'unavailable') return { available: false, reason: status.reason };
    const shell = await this.discover();
    return shell.available ? { available: true } : { available: false, reason: shell.reason };
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
    const launcher = await this.launcher();
    const cwd = options.cwd ?? this.host.homedir;
    const wrapped =
      this.sandbox?.enabled && !options.outsideSandbox ? await this.wrap(options, launcher, cwd) : undefined;
    // exec: bwrap takes the shell's place (one process fewer, and it leads the process group).
    const script = wrapped ? `exec ${wrapped.command}` : options.command;
    // Marks every process of this sandboxed run, so a kill can find what escaped our process tree.
    const runMark = wrapped ? randomUUID() : undefined;
    const env = {
      ...(await userEnvironment()),
      ...options.env,
      ...wrapped?.env,
      ...(runMark ? { [RUN_MARK]: runMark } : {}),
    };
    let handle: ProcessHandle;
    try {
      handle = await this.start(launcher, script, options.cwd, env, options);
    } catch (error) {
      await wrapped?.release();
      throw error;
    }
    if (wrapped) {
      const started = handle;
      handle = new LimitedHandle(
        started,
        wrapped.limits,
        started.pid ? wrapped.watch(started.pid) : undefined,
      );
      handle.sandboxPolicy = wrapped.policy;
      handle.sandboxAftermath = handle.exited
        .then((exit) => {
          // Killed while bwrap was still setting up, its inner half can outlive it as an orphan
          // in a session of its own; a run that ended by itself left nothing behind.
          if (runMark && (exit.signal !== undefined || exit.exitCode === null || exit.exitCode >= 128))
            for (const pid of processesWithEnv(`${RUN_MARK}=${runMark}`)) signalGroup(pid, 'SIGKILL');
          return wrapped.release();
        })
        .catch(() => undefined);
    }
    this.track(handle);
    return handle;
  }

  private async wrap(options: SpawnOptions, launcher: ShellLauncher, cwd: string): Promise<WrappedCommand> {
    if (!this.sandbox) throw new TerminalError('unavailable', 'no sandbox');
    try {
      return await this.sandbox.wrap({
        command: options.command,
        shell: launcher.file,
        workspace: options.workspace ?? cwd,
        tmpDir: options.tmpDir ?? (await this.tmpDir()),
        ...(options.sessionRoots ? { sessionRoots: options.sessionRoots } : {}),
        internalRoots: [await this.stateDir()],
        loopbackPorts: options.loopbackPorts,
        extraDomains: options.allowedHosts,
        openWrites: options.openWrites,
      });
    } catch (error) {
      if (error instanceof SandboxUnavailableError) throw new TerminalError('unavailable', error.message);
      throw error;
    }
  }

  private async start(
    launcher: ShellLauncher,
    script: string,
    startCwd: string | undefined,
    env: Record<string, string>,
    options: SpawnOptions,
  ): Promise<ProcessHandle> {
    const { file, args, cwd } = launchSpec(launcher, script, startCwd, this.host.homedir);
    const windows = this.host.platform === 'win32';
    if (options.pty) {
      const pty = await import('node-pty');
      const term = pty.spawn(file, args, {
        name: 'xterm-256color',
        cols: options.cols ?? 80,
        rows: options.rows ?? 24,
        cwd,
        env,
        ...(windows ? { useConpty: true } : {}),
      });
      return new PtyHandle(term, this.kill);
    }
    const child = spawnChild(file, args, {
      cwd,
      env,
      // Its own process group on POSIX; on Windows detached would open a console window.
      detached: !windows,
      windowsHide: true,
      stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    return new ChildHandle(child, this.kill);
  }

  /** TMPDIR inside the sandbox when the caller names no session temp folder. */
  private tmpDir(): Promise<string> {
    this.tmp ??= mkdtemp(join(tmpdir(), 'caduceus-tmp-'));
    return this.tmp;
  }

  stateDir(): Promise<string> {
    this.dir ??= this.makeStateDir();
    return this.dir;
  }

  async dispose(): Promise<void> {
    const handles = [...this.live];
    await Promise.all(handles.map((handle) => handle.kill('SIGKILL')));
    await Promise.all(handles.map((handle) => handle.exited));
    for (const pgid of this.lingering) if (groupAlive(pgid)) signalGroup(pgid, 'SIGKILL');
    this.lingering.clear();
    if (this.dir) await this.removeStateDir(await this.dir);
    if (this.tmp) await rm(await this.tmp, { recursive: true, force: true });
    this.dir = undefined;
    this.tmp = undefined;
  }

  private async makeStateDir(): Promise<string> {
    const launcher = await this.launcher();
    if (launcher.source === 'wsl') {
      // State files are read by the shell inside WSL, so they live there.
      const made = await this.exec({ command: 'mktemp -d /tmp/caduceus-term-XXXXXX', timeoutMs: 30_000 });
      const dir = made.output.trim();
      if (made.exitCode !== 0 || !dir.startsWith('/'))
        throw new Error(`WSL could not make a state folder: ${made.output}`);
      return dir;
    }
    return shellPath(await mkdtemp(join(tmpdir(), 'caduceus-term-')), this.host.platform);
  }

  private async removeStateDir(dir: string): Promise<void> {
    if ((await this.launcher()).source === 'wsl')
      await this.exec({ command: `rm -rf ${shQuote(dir)}`, timeoutMs: 30_000 }).catch(() => undefined);
    else await rm(dir, { recursive: true, force: true });
  }

  private track(handle: ProcessHandle): void {
    this.live.add(handle);
    void handle.exited.then(() => {
      this.live.delete(handle);
      if (this.host.platform !== 'win32' && handle.pid !== undefined && groupAlive(handle.pid))
        this.lingering.add(handle.pid);
    });
  }

  private discover(): Promise<ShellDiscovery> {
    this.shell ??= discoverShell(this.host, { shell: this.config.shell });
    return this.shell;
  }

  private async launcher(): Promise<ShellLauncher> {
    const shell = await this.discover();
    if (!shell.available) throw new TerminalError('unavailable', shell.reason);
    return shell.launcher;
  }
}

/** Runs on this machine, in the OS sandbox when it is on. */
export const localBackend: BackendBehaviour = {
  create: (config, _key, sandbox) => new LocalBackend(config.local, undefined, sandbox),
  // Inside WSL this process's Windows cwd is no path; WSL starts in its own default.
  defaultCwd: (config, hostDefault) =>
    config.local.cwd ?? (config.local.shell === 'wsl' ? undefined : (hostDefault ?? process.cwd())),
  // Inside WSL a Windows path is no path.
  hostPaths: (config) => config.local.shell !== 'wsl',
};
