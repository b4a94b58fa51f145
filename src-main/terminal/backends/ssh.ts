/** The ssh backend: commands and PTY shells over one kept-alive, reconnecting ssh2 connection. */
import { randomBytes } from 'node:crypto';
import type { Client, ClientChannel } from 'ssh2';
import { BackendBase } from '../backendBase';
import type { SshConfig } from '../../config/terminalSchema';
import { atMost } from '../exec';
import { errorMessage } from '../handle';
import { argvToCommandLine, killScript } from '../shellScript';
import { shQuote } from '../../../src-shared/shellQuote';
import type { Availability, ProcessHandle, SpawnOptions } from '../types';
import { TerminalError } from '../errors';
import { SshConnection } from './sshConnection';
import { PidFiles } from './pidFiles';
import { ExitRecorder, SshHandle } from './sshHandle';
import type { BackendBehaviour } from './behaviour';

/** Kill and clean-up commands give up after this long (an unreachable or stuck host). */
const HOUSEKEEPING_TIMEOUT_MS = 10_000;

export class SshBackend extends BackendBase {
  readonly kind = 'ssh' as const;
  readonly connection: SshConnection;
  private readonly live = new Map<SshHandle, string>();
  /** PID files of processes cut off by a dropped connection; killed once we are back. */
  private readonly orphans = new Set<string>();
  private readonly pidFiles = new PidFiles(randomBytes(4).toString('hex'));

  constructor(private readonly config: SshConfig) {
    super();
    this.connection = new SshConnection(config);
    this.connection.onDrop(() => {
      for (const [handle, pidFile] of this.live) {
        this.orphans.add(pidFile);
        handle.lose();
      }
      this.live.clear();
    });
  }

  async isAvailable(): Promise<Availability> {
    try {
      await this.connection.get({ retry: false });
      return { available: true };
    } catch (error) {
      return {
        available: false,
        reason: `ssh ${this.config.username}@${this.config.host}:${this.config.port}: ${errorMessage(error)}`,
      };
    }
  }

  async spawn(options: SpawnOptions): Promise<ProcessHandle> {
    const pidFile = this.pidFiles.next();
    const env = Object.entries(options.env ?? {}).map(([key, value]) => shQuote(`${key}=${value}`));
    const launcher = argvToCommandLine(this.pidFiles.launcher(options.command, pidFile));
    const cd = options.cwd ? `cd ${shQuote(options.cwd)} && ` : '';
    const commandLine = `${cd}exec env ${env.join(' ')} ${launcher}`;
    const pty = options.pty === true;
    const { channel, exited } = await this.open(
      commandLine,
      pty ? { rows: options.rows ?? 24, cols: options.cols ?? 80 } : undefined,
    );
    const handle = new SshHandle(channel, exited, pty, (signal) => this.signal(pidFile, signal));
    this.live.set(handle, pidFile);
    void handle.exited.then(() => {
      // Cut off by a dropped connection, it is an orphan to kill once we are back, not ended.
      if (this.live.delete(handle)) this.pidFiles.ended(pidFile);
    });
    return handle;
  }

  async stateDir(): Promise<string> {
    return '/tmp';
  }

  async dispose(): Promise<void> {
    const pidFiles = [...this.live.values(), ...this.orphans];
    if (pidFiles.length > 0 || this.connection.isConnected) {
      const scripts = pidFiles.map((file) => killScript(file, 'KILL'));
      await this.runQuietly([...scripts, `rm -f ${this.pidFiles.all}`]);
    }
    this.connection.end();
  }

  /** Opens a channel; a connection that fails to open one is replaced and tried once more. */
  private async open(command: string, pty: { rows: number; cols: number } | undefined): Promise<Opened> {
    try {
      const client = await this.connection.get();
      await this.reapOrphans(client);
      return await exec(client, command, pty);
    } catch (error) {
      if (!this.connection.isConnected) throw error;
      this.connection.reset();
      const client = await this.connection.get();
      await this.reapOrphans(client);
      return exec(client, command, pty);
    }
  }

  private async signal(pidFile: string, signal: NodeJS.Signals): Promise<void> {
    await this.runQuietly([killScript(pidFile, signal.replace(/^SIG/, ''))]);
  }

  private async reapOrphans(client: Client): Promise<void> {
    if (this.orphans.size === 0) return;
    const files = [...this.orphans];
    const scripts = files.map((file) => killScript(file, 'KILL'));
    this.orphans.clear();
    await atMost(runOn(client, scripts), HOUSEKEEPING_TIMEOUT_MS);
    // Read by the kill above: a later launch may remove them.
    for (const file of files) this.pidFiles.ended(file);
  }

  private async runQuietly(scripts: string[]): Promise<void> {
    await atMost(
      this.connection.get().then((client) => runOn(client, scripts)),
      HOUSEKEEPING_TIMEOUT_MS,
    );
  }
}

interface Opened {
  channel: ClientChannel;
  exited: ExitRecorder;
}

function exec(
  client: Client,
  command: string,
  pty: { rows: number; cols: number } | undefined,
): Promise<Opened> {
  return new Promise((resolve, reject) => {
    client.exec(
      command,
      pty ? { pty: { ...pty, height: 0, width: 0, term: 'xterm-256color' } } : {},
      // The exit status is listened for here, before the promise hands the channel on.
      (error, channel) => (error ? reject(error) : resolve({ channel, exited: new ExitRecorder(channel) })),
    );
  });
}

async function runOn(client: Client, scripts: string[]): Promise<void> {
  const { channel } = await exec(client, argvToCommandLine(['/bin/sh', '-c', scripts.join('; ')]), undefined);
  channel.resume();
  channel.stderr.resume();
  const closed = new Promise<void>((resolve) => channel.once('close', () => resolve()));
  await atMost(closed, HOUSEKEEPING_TIMEOUT_MS);
  channel.close();
}

export const sshBackend: BackendBehaviour = {
  create: (config) => {
    if (!config.ssh)
      throw new TerminalError('unavailable', 'the ssh backend needs terminal.ssh settings (host, username)');
    return new SshBackend(config.ssh);
  },
  defaultCwd: (config) => config.ssh?.cwd,
};
