/**
 * The local backend: child_process for plain commands, node-pty for PTYs (ConPTY on Windows).
 * Commands run in the shell that shellDiscovery finds, with the user's environment.
 */
import { spawn as spawnChild } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackendBase } from '../backendBase';
import type { LocalConfig } from '../config';
import { shQuote } from '../shellScript';
import { groupAlive, signalGroup } from '../processGroup';
import type { Host } from '../platform/host';
import { realHost } from '../platform/host';
import { killTree } from '../platform/killTree';
import { launchSpec, shellPath } from '../platform/launch';
import type { ShellDiscovery, ShellLauncher } from '../platform/shellDiscovery';
import { discoverShell } from '../platform/shellDiscovery';
import { userEnvironment } from '../platform/userEnvironment';
import { TerminalError } from '../errors';
import type { Availability, ProcessHandle, SpawnOptions } from '../types';
import { ChildHandle, PtyHandle } from './localHandles';

export class LocalBackend extends BackendBase {
  readonly kind = 'local' as const;
  private readonly live = new Set<ProcessHandle>();
  /** Process groups of finished commands whose background children still run. */
  private readonly lingering = new Set<number>();
  private dir: Promise<string> | undefined;
  private shell: Promise<ShellDiscovery> | undefined;
  private readonly kill = (pid: number, signal: NodeJS.Signals): Promise<boolean> =>
    killTree(this.host, pid, signal);

  constructor(
    private readonly config: LocalConfig = {},
    private readonly host: Host = realHost(),
  ) {
    super();
  }

  async isAvailable(): Promise<Availability> {
    const shell = await this.discover();
    return shell.available ? { available: true } : { available: false, reason: shell.reason };
  }

  async spawn(options: SpawnOptions): Promise<ProcessHandle> {
    const launcher = await this.launcher();
    const env = { ...(await userEnvironment()), ...options.env };
    const { file, args, cwd } = launchSpec(launcher, options.command, options.cwd, this.host.homedir);
    const windows = this.host.platform === 'win32';
    let handle: ProcessHandle;
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
      handle = new PtyHandle(term, this.kill);
    } else {
      const child = spawnChild(file, args, {
        cwd,
        env,
        // Its own process group on POSIX; on Windows detached would open a console window.
        detached: !windows,
        windowsHide: true,
        stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      });
      handle = new ChildHandle(child, this.kill);
    }
    this.track(handle);
    return handle;
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
    this.dir = undefined;
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
