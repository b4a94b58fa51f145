/**
 * The singularity backend: one apptainer/singularity instance per environment (SIF file or
 * sandbox directory), commands run through `exec instance://...` as local processes, so local
 * process-group kills reach everything they start.
 */
import { randomBytes } from 'node:crypto';
import { access } from 'node:fs/promises';
import { BackendBase } from '../backendBase';
import { SingularityBinarySchema } from '../../../src-shared/backends/list';
import type { SingularityConfig } from '../../config/terminalSchema';
import { execViaSpawn } from '../exec';
import { argvToCommandLine, launcherArgv } from '../shellScript';
import { shQuote } from '../../../src-shared/shellQuote';
import type { Availability, ProcessHandle, SpawnOptions } from '../types';
import { which } from '../which';
import { LocalBackend } from './local';
import { StartOnce } from './startOnce';
import type { BackendBehaviour } from './behaviour';

const BINARIES = SingularityBinarySchema.options;

export class SingularityBackend extends BackendBase {
  readonly kind = 'singularity' as const;
  private readonly host = new LocalBackend();
  private readonly instanceName: string;
  /** The started instance, as the binary that started it. */
  private readonly instance = new StartOnce(() => this.startInstance());

  constructor(
    private readonly config: SingularityConfig,
    environmentKey: string,
  ) {
    super();
    const safeKey = environmentKey.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 24);
    this.instanceName = `caduceus_${safeKey}_${randomBytes(3).toString('hex')}`;
  }

  async binary(): Promise<string | undefined> {
    const names = this.config.binary ? [this.config.binary] : BINARIES;
    for (const name of names) {
      const path = await which(name);
      if (path) return path;
    }
    return undefined;
  }

  async isAvailable(): Promise<Availability> {
    if (!(await this.binary())) {
      return { available: false, reason: `neither ${BINARIES.join(' nor ')} is installed` };
    }
    const image = this.config.image;
    if (!image) return { available: false, reason: 'no image configured (terminal.singularity.image)' };
    if (!image.includes('://')) {
      try {
        await access(image);
      } catch {
        return { available: false, reason: `image ${image} does not exist` };
      }
    }
    return { available: true };
  }

  async spawn(options: SpawnOptions): Promise<ProcessHandle> {
    const binary = await this.instance.get();
    const env = Object.entries(options.env ?? {}).map(([key, value]) => `${key}=${value}`);
    const inner = ['env', ...env, ...launcherArgv(options.command)];
    const command = `exec ${argvToCommandLine([binary, 'exec', `instance://${this.instanceName}`, ...inner])}`;
    return this.host.spawn({ ...options, command, env: undefined });
  }

  async stateDir(): Promise<string> {
    return '/tmp';
  }

  async dispose(): Promise<void> {
    await this.host.dispose();
    const binary = await this.instance.take();
    if (binary) await this.cli(`${shQuote(binary)} instance stop ${shQuote(this.instanceName)}`);
  }

  private async startInstance(): Promise<string> {
    const availability = await this.isAvailable();
    const binary = await this.binary();
    if (!availability.available || !binary || !this.config.image) throw new Error(availability.reason);
    const result = await this.cli(
      // --contain --no-home: the container sees none of the host's home, /tmp or working folder.
      argvToCommandLine([
        binary,
        'instance',
        'start',
        '--contain',
        '--no-home',
        this.config.image,
        this.instanceName,
      ]),
    );
    if (result.exitCode !== 0) throw new Error(`${binary} instance start failed: ${result.output.trim()}`);
    return binary;
  }

  private cli(command: string) {
    return execViaSpawn((options) => this.host.spawn(options), { command, timeoutMs: 120_000 });
  }
}

export const singularityBackend: BackendBehaviour = {
  create: (config, key) => new SingularityBackend(config.singularity, key),
  defaultCwd: (config) => config.singularity.cwd,
};
