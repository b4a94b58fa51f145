/**
 * The daytona backend, through Daytona's official TypeScript SDK (`@daytonaio/sdk`): one sandbox
 * per environment (found again by label), commands as session commands or PTYs. Needs a Daytona
 * account: an API key in DAYTONA_API_KEY or terminal.daytona.apiKey.
 */
import type { DaytonaConfig } from '../../config/terminalSchema';
import { atMost } from '../exec';
import { argvToCommandLine } from '../shellScript';
import { shQuote } from '../../../src-shared/shellQuote';
import type { ProcessHandle, SpawnOptions } from '../types';
import { ENVIRONMENT_LABEL } from './docker';
import { DaytonaPtyHandle, DaytonaSessionHandle } from './daytonaHandles';
import { loadDaytonaSdk, type DaytonaSandboxLike, type DaytonaSdk } from './daytonaSdk';
import { RemoteSandboxBackend } from './remoteSandbox';
import type { BackendBehaviour } from './behaviour';

export class DaytonaBackend extends RemoteSandboxBackend<DaytonaSandboxLike> {
  readonly kind = 'daytona' as const;

  constructor(
    private readonly config: DaytonaConfig,
    private readonly environmentKey: string,
    protected readonly loadSdk: () => Promise<DaytonaSdk> = loadDaytonaSdk,
  ) {
    super();
  }

  private get apiKey(): string | undefined {
    return this.config.apiKey ?? process.env.DAYTONA_API_KEY;
  }

  protected async missingCredentials(): Promise<string | undefined> {
    return this.apiKey ? undefined : 'no Daytona API key: set DAYTONA_API_KEY or terminal.daytona.apiKey';
  }

  async spawn(options: SpawnOptions): Promise<ProcessHandle> {
    const sandbox = await this.sandbox.get();
    const pidFile = this.pidFiles.next();
    const name = `caduceus-${this.id}-${this.seq++}`;
    const env = Object.entries(options.env ?? {}).map(([key, value]) => shQuote(`${key}=${value}`));
    const cd = options.cwd ? `cd ${shQuote(options.cwd)} && ` : '';
    const commandLine = `${cd}exec env ${env.join(' ')} ${argvToCommandLine(this.pidFiles.launcher(options.command, pidFile))}`;
    const killer = this.killer(sandbox, pidFile);
    let handle: ProcessHandle;
    if (options.pty) {
      // A PTY starts a shell: store the command in a file and type one short line to run it.
      const scriptFile = `/tmp/.caduceus-s-${this.id}-${this.seq++}.sh`;
      // The script removes itself as it starts: sh reads on from the file it has open.
      const script = `rm -f ${shQuote(scriptFile)}; ${commandLine}`;
      await this.run(sandbox, [`printf '%s\\n' ${shQuote(script)} > ${shQuote(scriptFile)}`]);
      const ptyHandle = new DaytonaPtyHandle(killer);
      const pty = await sandbox.process.createPty({
        id: name,
        cols: options.cols ?? 80,
        rows: options.rows ?? 24,
        onData: ptyHandle.onBytes,
      });
      await pty.waitForConnection();
      ptyHandle.attach(pty);
      await pty.sendInput(` exec /bin/sh ${shQuote(scriptFile)}\n`);
      handle = ptyHandle;
    } else {
      await sandbox.process.createSession(name);
      const started = await sandbox.process.executeSessionCommand(name, {
        command: commandLine,
        runAsync: true,
      });
      if (!started.cmdId) throw new Error('Daytona did not return a command id');
      handle = new DaytonaSessionHandle(sandbox.process, name, started.cmdId, killer);
    }
    return this.trackRunning(this.pidFiles.endsWith(handle, pidFile));
  }

  protected async release(sandbox: DaytonaSandboxLike): Promise<void> {
    if (this.config.persistent) await this.run(sandbox, [`rm -f /tmp/.caduceus-[ps]-${this.id}-*`]);
    else await sandbox.delete().catch(() => undefined);
  }

  protected async openSandbox(): Promise<DaytonaSandboxLike> {
    const sdk = await this.loadSdk();
    const client = new sdk.Daytona({
      apiKey: this.apiKey,
      ...(this.config.apiUrl ? { apiUrl: this.config.apiUrl } : {}),
      ...(this.config.target ? { target: this.config.target } : {}),
    });
    const labels = { [ENVIRONMENT_LABEL]: this.environmentKey };
    try {
      const existing = await client.findOne?.({ labels });
      if (existing) return existing;
    } catch {
      // None yet: create it below.
    }
    return client.create({ labels, ...(this.config.image ? { image: this.config.image } : {}) });
  }

  protected async run(sandbox: DaytonaSandboxLike, scripts: string[]): Promise<void> {
    const session = `caduceus-${this.id}-k${this.seq++}`;
    try {
      await sandbox.process.createSession(session);
      const command = argvToCommandLine(['/bin/sh', '-c', scripts.join('; ')]);
      await atMost(sandbox.process.executeSessionCommand(session, { command }), 10_000);
    } catch {
      // The sandbox is gone: nothing is left to signal.
    } finally {
      await sandbox.process.deleteSession(session).catch(() => undefined);
    }
  }
}

export const daytonaBackend: BackendBehaviour = {
  create: (config, key) => new DaytonaBackend(config.daytona, key),
  defaultCwd: (config) => config.daytona.cwd,
};
