/**
 * The modal backend, through Modal's official JS SDK (npm `modal`, pinned 0.11.1): one sandbox per
 * environment, commands as sandbox execs. Needs a Modal account: token id and secret in the config,
 * in MODAL_TOKEN_ID / MODAL_TOKEN_SECRET, or in ~/.modal.toml.
 */
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ModalConfig } from '../../config/terminalSchema';
import { atMost } from '../exec';
import type { ProcessHandle, SpawnOptions } from '../types';
import { ModalHandle } from './modalHandle';
import type { ModalSandboxLike, ModalSdk } from './modalSdk';
import { loadModalSdk } from './modalSdk';
import { RemoteSandboxBackend } from './remoteSandbox';
import type { BackendBehaviour } from './behaviour';

export class ModalBackend extends RemoteSandboxBackend<ModalSandboxLike> {
  readonly kind = 'modal' as const;

  constructor(
    private readonly config: ModalConfig,
    private readonly environmentKey: string,
    protected readonly loadSdk: () => Promise<ModalSdk> = loadModalSdk,
  ) {
    super();
  }

  async spawn(options: SpawnOptions): Promise<ProcessHandle> {
    const sandbox = await this.sandbox.get();
    const pidFile = this.pidFiles.next();
    const pty = options.pty === true;
    const execution = await sandbox.exec(this.pidFiles.launcher(options.command, pidFile), {
      mode: 'binary',
      stdout: 'pipe',
      stderr: 'pipe',
      pty,
      ...(options.env ? { env: options.env } : {}),
      ...(options.cwd ? { workdir: options.cwd } : {}),
    });
    const handle = new ModalHandle(execution, pty, this.killer(sandbox, pidFile));
    return this.trackRunning(this.pidFiles.endsWith(handle, pidFile));
  }

  protected async release(sandbox: ModalSandboxLike): Promise<void> {
    await sandbox.terminate().catch(() => undefined);
  }

  /** Reuses the environment's sandbox by name when it still runs, else creates it. */
  protected async openSandbox(): Promise<ModalSandboxLike> {
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

  protected async run(sandbox: ModalSandboxLike, scripts: string[]): Promise<void> {
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

  protected async missingCredentials(): Promise<string | undefined> {
    if (this.config.tokenId && this.config.tokenSecret) return undefined;
    if (process.env.MODAL_TOKEN_ID && process.env.MODAL_TOKEN_SECRET) return undefined;
    const toml = await readFile(join(homedir(), '.modal.toml'), 'utf8').catch(() => '');
    if (/^\s*token_id\s*=/m.test(toml) && /^\s*token_secret\s*=/m.test(toml)) return undefined;
    return 'no Modal credentials: set MODAL_TOKEN_ID and MODAL_TOKEN_SECRET, terminal.modal.tokenId/tokenSecret, or ~/.modal.toml';
  }
}

export const modalBackend: BackendBehaviour = {
  create: (config, key) => new ModalBackend(config.modal, key),
  defaultCwd: (config) => config.modal.cwd,
};
