/**
 * What the hosted-sandbox backends (daytona, modal) share: one sandbox per environment opened on
 * first use, usable with an account's credentials and the vendor's SDK, processes killed through
 * their pid files, and on dispose the running processes killed before the sandbox is let go.
 */
import { randomBytes } from 'node:crypto';
import { BackendBase } from '../backendBase';
import { errorMessage } from '../handle';
import { killScript } from '../shellScript';
import { PidFiles } from './pidFiles';
import type { Availability } from '../types';
import { StartOnce } from './startOnce';

export abstract class RemoteSandboxBackend<S> extends BackendBase {
  /** Names this backend's pid and script files, so a kept sandbox can be cleared of them. */
  protected readonly id = randomBytes(4).toString('hex');
  protected seq = 0;
  protected readonly pidFiles = new PidFiles(this.id);
  protected readonly sandbox = new StartOnce(() => this.openSandbox());

  /** Loads the vendor's SDK, which is an optional dependency. */
  protected abstract readonly loadSdk: () => Promise<unknown>;
  /** Why the account's credentials cannot be found, or undefined when they can. */
  protected abstract missingCredentials(): Promise<string | undefined>;
  /** Finds the environment's sandbox again, or creates it. */
  protected abstract openSandbox(): Promise<S>;
  /** Runs shell scripts in the sandbox for at most 10 s; a gone sandbox is no error. */
  protected abstract run(sandbox: S, scripts: string[]): Promise<void>;
  /** Lets the sandbox go once its processes are killed: ends it, or clears what was left in it. */
  protected abstract release(sandbox: S): Promise<void>;

  /** Signals the process that wrote `pidFile`, with everything it started. */
  protected killer(sandbox: S, pidFile: string): (signal: NodeJS.Signals) => Promise<void> {
    return (signal) => this.run(sandbox, [killScript(pidFile, signal.replace(/^SIG/, ''))]);
  }

  async isAvailable(): Promise<Availability> {
    const missing = await this.missingCredentials();
    if (missing) return { available: false, reason: missing };
    try {
      await this.loadSdk();
      return { available: true };
    } catch (error) {
      return { available: false, reason: errorMessage(error) };
    }
  }

  async stateDir(): Promise<string> {
    return '/tmp';
  }

  async dispose(): Promise<void> {
    const sandbox = await this.sandbox.take();
    if (!sandbox) return;
    await this.killRunning();
    await this.release(sandbox);
  }
}
