/** What every backend shares: exec and user shells are built on `spawn`. */
import type { TerminalBackendKind } from '../../src-shared/backends/registry';
import { execViaSpawn } from './exec';
import { interactiveShellScript } from './shellScript';
import type {
  Availability,
  ExecOptions,
  ExecResult,
  ProcessHandle,
  ShellOptions,
  SpawnOptions,
  TerminalBackend,
} from './types';

export abstract class BackendBase implements TerminalBackend {
  abstract readonly kind: TerminalBackendKind;
  abstract isAvailable(): Promise<Availability>;
  abstract spawn(options: SpawnOptions): Promise<ProcessHandle>;
  abstract stateDir(): Promise<string>;
  abstract dispose(): Promise<void>;

  exec(options: ExecOptions): Promise<ExecResult> {
    return execViaSpawn((spawnOptions) => this.spawn(spawnOptions), options);
  }

  /** Processes started here and not yet exited, so dispose can end them. */
  private readonly running = new Set<ProcessHandle>();

  /** Remembers a started process until it exits; returns it for chaining. */
  protected trackRunning<H extends ProcessHandle>(handle: H): H {
    this.running.add(handle);
    void handle.exited.then(() => this.running.delete(handle));
    return handle;
  }

  /** Kills every tracked process that is still running. */
  protected async killRunning(): Promise<void> {
    await Promise.all([...this.running].map((handle) => handle.kill('SIGKILL')));
  }

  async openShell(options: ShellOptions): Promise<ProcessHandle> {
    const script = options.script ?? interactiveShellScript(undefined, options.cwd);
    return this.spawn({
      command: script,
      pty: true,
      cols: options.cols,
      rows: options.rows,
      env: options.env,
      stdin: true,
    });
  }
}
