/**
 * One ssh2 connection with host-key verification, keep-alive and reconnection: a dropped
 * connection is noticed (close event or failed keep-alives) and the next use connects again.
 */
import { readFile } from 'node:fs/promises';
import type { Client, ConnectConfig } from 'ssh2';
import type { SshConfig } from '../../config/terminalSchema';
import { delay } from '../exec';
import { errorMessage } from '../handle';
import { HostKeyError, expandHome, hostKeyInfo, hostKeyStatus, readKnownHosts } from './knownHosts';

const RETRY_DELAYS_MS = [250, 1_000];

export class SshConnection {
  private client: Client | undefined;
  private connecting: Promise<Client> | undefined;
  private readonly dropListeners = new Set<() => void>();
  private closed = false;

  constructor(private readonly config: SshConfig) {}

  /** Called when an established connection drops; running channels are lost with it. */
  onDrop(listener: () => void): () => void {
    this.dropListeners.add(listener);
    return () => this.dropListeners.delete(listener);
  }

  get isConnected(): boolean {
    return this.client !== undefined;
  }

  /**
   * The live client, connecting when there is none: with a few retries, or with one attempt for
   * an availability probe, which must answer within one handshake timeout.
   */
  async get(options: { retry: boolean } = { retry: true }): Promise<Client> {
    if (this.closed) throw new Error('the ssh connection was closed');
    if (this.client) return this.client;
    if (!options.retry && !this.connecting) return this.connectOnce();
    this.connecting ??= this.connectWithRetries().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  /** Drops a connection that no longer answers, so the next use connects afresh. */
  reset(): void {
    const client = this.client;
    if (!client) return;
    this.client = undefined;
    client.destroy();
    for (const listener of this.dropListeners) listener();
  }

  end(): void {
    this.closed = true;
    this.client?.end();
    this.client = undefined;
  }

  private async connectWithRetries(): Promise<Client> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.connectOnce();
      } catch (error) {
        const retryable = !(error instanceof HostKeyError) && !/authentication/i.test(errorMessage(error));
        const wait = RETRY_DELAYS_MS[attempt];
        if (!retryable || wait === undefined || this.closed) throw error;
        await delay(wait, undefined);
      }
    }
  }

  private async connectOnce(): Promise<Client> {
    const { config } = this;
    const knownHosts = await readKnownHosts(config.knownHostsPath);
    let rejected: HostKeyError | undefined;
    const options: ConnectConfig = {
      host: config.host,
      port: config.port,
      username: config.username,
      readyTimeout: config.readyTimeoutSeconds * 1000,
      keepaliveInterval: config.keepaliveInterval * 1000,
      keepaliveCountMax: 3,
      hostVerifier: (key: Buffer) => {
        const info = hostKeyInfo(config.host, config.port, key);
        const status = hostKeyStatus(knownHosts, info);
        if (status === 'trusted') return true;
        rejected = new HostKeyError(status, info);
        return false;
      },
    };
    if (config.privateKeyPath) options.privateKey = await readFile(expandHome(config.privateKeyPath));
    if (config.useAgent) options.agent = config.agentSocket ?? process.env.SSH_AUTH_SOCK;
    // ssh2 loads with the first connection, not whenever the ssh backend is merely configured.
    const { Client } = await import('ssh2');
    const client = new Client();
    // ssh2 may emit several errors for one failure (a handshake timeout, then the lost socket):
    // every one needs a listener, or the second crashes the process.
    client.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      client.once('ready', () => resolve());
      client.once('error', (error) => reject(rejected ?? error));
      client.connect(options);
    }).catch((error: unknown) => {
      client.destroy();
      throw error;
    });
    this.client = client;
    client.once('close', () => {
      if (this.client !== client) return;
      this.client = undefined;
      for (const listener of this.dropListeners) listener();
    });
    return client;
  }
}
