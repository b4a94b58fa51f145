/**
 * The docker backend: one hardened container per environment (found again by label and reused),
 * commands as execs with or without a TTY, removed on shutdown unless `persistent`.
 */
import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type Docker from 'dockerode';
import { BackendBase } from '../backendBase';
import type { DockerConfig } from '../../config/terminalSchema';
import { atMost } from '../exec';
import { errorMessage } from '../handle';
import { killScript } from '../shellScript';
import type { Availability, ProcessHandle, SpawnOptions } from '../types';
import { DockerExecHandle } from './dockerHandle';
import { PidFiles } from './pidFiles';
import { StartOnce } from './startOnce';
import type { BackendBehaviour } from './behaviour';

export const ENVIRONMENT_LABEL = 'caduceus.environment';
export const MANAGED_LABEL = 'caduceus.managed';

/** PID 1 of the container: idles, and exits promptly on SIGTERM. */
const IDLE_COMMAND = ['/bin/sh', '-c', 'trap "exit 0" TERM; while :; do sleep 86400 & wait $!; done'];
/** A socket that accepts but never answers must not hang the availability check. */
const PROBE_TIMEOUT_MS = 10_000;

export class DockerBackend extends BackendBase {
  readonly kind = 'docker' as const;
  private client: Promise<Docker> | undefined;
  private readonly container = new StartOnce(() => this.findOrCreate());
  private readonly pidFiles = new PidFiles(randomBytes(4).toString('hex'));

  constructor(
    private readonly config: DockerConfig,
    private readonly environmentKey: string,
  ) {
    super();
  }

  /** dockerode loads with the first call, not whenever the docker backend is configured. */
  private docker(): Promise<Docker> {
    this.client ??= import('dockerode').then(
      ({ default: Dockerode }) => new Dockerode({ socketPath: this.config.socketPath }),
    );
    return this.client;
  }

  async isAvailable(): Promise<Availability> {
    const probe = new AbortController();
    const timer = setTimeout(() => probe.abort(), PROBE_TIMEOUT_MS);
    try {
      // dockerode's ping takes options (abortSignal among them); its type declarations omit them.
      const docker = await this.docker();
      const ping = docker.ping.bind(docker) as (options: { abortSignal: AbortSignal }) => Promise<unknown>;
      await ping({ abortSignal: probe.signal });
      return { available: true };
    } catch (error) {
      const reason = probe.signal.aborted
        ? `no answer from a docker engine at ${this.config.socketPath} within ${PROBE_TIMEOUT_MS / 1000} s`
        : `no docker engine at ${this.config.socketPath}: ${errorMessage(error)}`;
      return { available: false, reason };
    } finally {
      clearTimeout(timer);
    }
  }

  async spawn(options: SpawnOptions): Promise<ProcessHandle> {
    const container = await this.container.get();
    const pidFile = this.pidFiles.next();
    const pty = options.pty === true;
    const stdin = pty || options.stdin === true;
    const exec = await container.exec({
      Cmd: this.pidFiles.launcher(options.command, pidFile),
      AttachStdin: stdin,
      AttachStdout: true,
      AttachStderr: true,
      Tty: pty,
      Env: Object.entries(options.env ?? {}).map(([key, value]) => `${key}=${value}`),
      ...(pty ? { ConsoleSize: [options.rows ?? 24, options.cols ?? 80] as [number, number] } : {}),
      ...(options.cwd ? { WorkingDir: options.cwd } : {}),
    });
    const stream = (await exec.start({ hijack: true, stdin, Tty: pty })) as Duplex;
    // Engines older than API 1.42 ignore ConsoleSize: set the size before anything is typed.
    if (pty) await exec.resize({ h: options.rows ?? 24, w: options.cols ?? 80 }).catch(() => undefined);
    const handle = new DockerExecHandle(exec, stream, pty, (signal) => this.signal(pidFile, signal));
    return this.trackRunning(this.pidFiles.endsWith(handle, pidFile));
  }

  async stateDir(): Promise<string> {
    return '/tmp';
  }

  async dispose(): Promise<void> {
    const container = await this.container.take();
    if (!container) return;
    if (this.config.persistent) {
      await this.killRunning();
      await this.runQuietly(container, [`rm -f ${this.pidFiles.all}`]);
    } else {
      await container.remove({ force: true }).catch(() => undefined);
    }
  }

  /** The environment's container: an existing one with our label, else a new hardened one. */
  private async findOrCreate(): Promise<Docker.Container> {
    const docker = await this.docker();
    const found = await docker.listContainers({
      all: true,
      filters: { label: [`${ENVIRONMENT_LABEL}=${this.environmentKey}`] },
    });
    const existing = found[0];
    if (existing) {
      const container = docker.getContainer(existing.Id);
      if (existing.State !== 'running') await container.start();
      return container;
    }
    await this.ensureImage();
    const container = await docker.createContainer({
      Image: this.config.image,
      Cmd: IDLE_COMMAND,
      WorkingDir: this.config.cwd,
      ...(this.config.user ? { User: this.config.user } : {}),
      Labels: { [ENVIRONMENT_LABEL]: this.environmentKey, [MANAGED_LABEL]: 'true' },
      HostConfig: {
        NetworkMode: this.config.network,
        CapDrop: ['ALL'],
        SecurityOpt: ['no-new-privileges'],
        PidsLimit: this.config.pidsLimit,
        ...(this.config.memory !== undefined ? { Memory: parseMemory(this.config.memory) } : {}),
      },
    });
    await container.start();
    return container;
  }

  private async ensureImage(): Promise<void> {
    const docker = await this.docker();
    try {
      await docker.getImage(this.config.image).inspect();
    } catch {
      const progress = await docker.pull(this.config.image);
      await new Promise<void>((resolve, reject) =>
        docker.modem.followProgress(progress, (error: Error | null) => (error ? reject(error) : resolve())),
      );
    }
  }

  private async signal(pidFile: string, signal: NodeJS.Signals): Promise<void> {
    const container = await this.container.current();
    if (container) await this.runQuietly(container, [killScript(pidFile, signal.replace(/^SIG/, ''))]);
  }

  private async runQuietly(container: Docker.Container, scripts: string[]): Promise<void> {
    try {
      const exec = await container.exec({
        Cmd: ['/bin/sh', '-c', scripts.join('; ')],
        AttachStdout: true,
        AttachStderr: true,
      });
      const stream = (await exec.start({ hijack: true, stdin: false })) as Duplex;
      stream.resume();
      const ended = new Promise<void>((resolve) => {
        stream.once('end', resolve);
        stream.once('close', resolve);
        stream.once('error', () => resolve());
      });
      await atMost(ended, 10_000);
      stream.destroy();
    } catch {
      // The container is gone: nothing is left to signal.
    }
  }
}

export function parseMemory(memory: number | string): number {
  if (typeof memory === 'number') return memory;
  const match = /^(\d+)([kmg]?)$/i.exec(memory);
  const units: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
  return Number(match?.[1] ?? 0) * (units[(match?.[2] ?? '').toLowerCase()] ?? 1);
}

export const dockerBackend: BackendBehaviour = {
  create: (config, key) => new DockerBackend(config.docker, key),
  defaultCwd: (config) => config.docker.cwd,
};
