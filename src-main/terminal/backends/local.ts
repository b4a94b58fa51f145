/** The local backend: child_process for plain commands, node-pty for PTYs; process groups for kills. */
import { spawn as spawnChild } from 'node:child_process';
import { access, constants, mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackendBase } from '../backendBase';
import type { LocalConfig } from '../config';
import { groupAlive, signalGroup } from '../processGroup';
import type { Availability, ProcessHandle, SpawnOptions } from '../types';
import { ChildHandle, PtyHandle } from './localHandles';

export class LocalBackend extends BackendBase {
  readonly kind = 'local' as const;
  private readonly live = new Set<ProcessHandle>();
  /** Process groups of finished commands whose background children still run. */
  private readonly lingering = new Set<number>();
  private dir: Promise<string> | undefined;
  private shell: Promise<string> | undefined;

  constructor(private readonly config: LocalConfig = {}) {
    super();
  }

  async isAvailable(): Promise<Availability> {
    try {
      await access(await this.shellPath(), constants.X_OK);
      return { available: true };
    } catch {
      return { available: false, reason: `no shell at ${await this.shellPath()}` };
    }
  }

  async spawn(options: SpawnOptions): Promise<ProcessHandle> {
    const shell = await this.shellPath();
    const env = { ...stringEnv(process.env), ...options.env };
    const cwd = options.cwd ?? homedir();
    let handle: ProcessHandle;
    if (options.pty) {
      const pty = await import('node-pty');
      handle = new PtyHandle(
        pty.spawn(shell, ['-c', options.command], {
          name: 'xterm-256color',
          cols: options.cols ?? 80,
          rows: options.rows ?? 24,
          cwd,
          env,
        }),
      );
    } else {
      const child = spawnChild(shell, ['-c', options.command], {
        cwd,
        env,
        detached: true,
        stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      });
      handle = new ChildHandle(child);
    }
    this.track(handle);
    return handle;
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
    this.dir = undefined;
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
