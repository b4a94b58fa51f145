/**
 * The modal backend, through Modal's official JS SDK (npm `modal`, pinned 0.11.1): one sandbox per
 * environment, commands as sandbox execs. Needs a Modal account: token id and secret in the config,
 * in MODAL_TOKEN_ID / MODAL_TOKEN_SECRET, or in ~/.modal.toml.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { BackendBase } from '../backendBase';
import type { ModalConfig } from '../config';
import { atMost } from '../exec';
import { errorMessage } from '../handle';
import { killScript, launcherArgv } from '../shellScript';
import type { Availability, ProcessHandle, SpawnOptions } from '../types';
import { ModalHandle } from './modalHandle';
import type { ModalSandboxLike, ModalSdk } from './modalSdk';
import { loadModalSdk } from './modalSdk';

export class ModalBackend extends BackendBase {
  readonly kind = 'modal' as const;
  private sandbox: Promise<ModalSandboxLike> | undefined;
  private readonly id = randomBytes(4).toString('hex');
  private seq = 0;

  constructor(
    private readonly config: ModalConfig,
    private readonly environmentKey: string,
    private readonly loadSdk: () => Promise<ModalSdk> = loadModalSdk,
  ) {
    super();
  }

  async isAvailable(): Promise<Availability> {
    if (!(await this.hasCredentials())) {
      return {
        available: false,
        reason:
          'no Modal credentials: set MODAL_TOKEN_ID and MODAL_TOKEN_SECRET, terminal.modal.tokenId/tokenSecret, or ~/.modal.toml',
      };
    }
    try {
      await this.loadSdk();
      return { available: true };
    } catch (error) {
      return { available: false, reason: errorMessage(error) };
    }
  }

  async spawn(options: SpawnOptions): Promise<ProcessHandle> {
    const sandbox = await this.ensureSandbox();
    const pidFile = `/tmp/.caduceus-p-${this.id}-${this.seq++}.pid`;
    const pty = options.pty === true;
    const execution = await sandbox.exec(launcherArgv(options.command, pidFile), {
      mode: 'binary',
      stdout: 'pipe',
      stderr: 'pipe',
      pty,
      ...(options.env ? { env: options.env } : {}),
      ...(options.cwd ? { workdir: options.cwd } : {}),
    });
    const handle = new ModalHandle(execution, pty, (signal) =>
      this.run(sandbox, [killScript(pidFile, signal.replace(/^SIG/, ''))]),
    );
    return this.trackRunning(handle);
  }

  async stateDir(): Promise<string> {
    return '/tmp';
  }

  async dispose(): Promise<void> {
    const pending = this.sandbox;
    this.sandbox = undefined;
    const sandbox = await pending?.catch(() => undefined);
    if (!sandbox) return;
    await this.killRunning();
    await sandbox.terminate().catch(() => undefined);
  }

  private ensureSandbox(): Promise<ModalSandboxLike> {
    this.sandbox ??= this.openSandbox().catch((error: unknown) => {
      this.sandbox = undefined;
      throw error;
    });
    return this.sandbox;
  }

  /** Reuses the environment's sandbox by name when it still runs, else creates it. */
  private async openSandbox(): Promise<ModalSandboxLike> {
    const sdk = await this.loadSdk();
    const { tokenId, tokenSecret } = this.config;
    const client = new sdk.ModalClient(tokenId && tokenSecret ? { tokenId, tokenSecret } : {});
    const name = `caduceus-${this.environmentKey}`.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 63);
    try {
      const existing = await client.sandboxes.fromName?.(this.config.appName, name);
      if (existing) return existing;
    } catch {
      // Not running: create it below.
    }
    const app = await client.apps.fromName(this.config.appName, { createIfMissing: true });
    const image = client.images.fromRegistry(this.config.image);
    return client.sandboxes.create(app, image, {
      name,
      blockNetwork: this.config.blockNetwork,
      timeoutMs: this.config.timeoutSeconds * 1000,
      ...(this.config.cwd ? { workdir: this.config.cwd } : {}),
    });
  }

  private async run(sandbox: ModalSandboxLike, scripts: string[]): Promise<void> {
    try {
      const execution = await sandbox.exec(['/bin/sh', '-c', scripts.join('; ')], {
        stdout: 'ignore',
        stderr: 'ignore',
      });
      await atMost(execution.wait(), 10_000);
    } catch {
      // The sandbox is gone: nothing is left to signal.
    }
  }

  private async hasCredentials(): Promise<boolean> {
    if (this.config.tokenId && this.config.tokenSecret) return true;
    if (process.env.MODAL_TOKEN_ID && process.env.MODAL_TOKEN_SECRET) return true;
    const toml = await readFile(join(homedir(), '.modal.toml'), 'utf8').catch(() => '');
    return /^\s*token_id\s*=/m.test(toml) && /^\s*token_secret\s*=/m.test(toml);
  }
}
