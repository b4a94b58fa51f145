/** What every backend shares: exec and user shells are built on `spawn`. */
import { execViaSpawn } from './exec';
import { interactiveShellScript } from './shellScript';
import type {
  Availability,
  BackendKind,
  ExecOptions,
  ExecResult,
  ProcessHandle,
  ShellOptions,
  SpawnOptions,
  TerminalBackend,
} from './types';

export abstract class BackendBase implements TerminalBackend {
  abstract readonly kind: BackendKind;
  abstract isAvailable(): Promise<Availability>;
  abstract spawn(options: SpawnOptions): Promise<ProcessHandle>;
  abstract stateDir(): Promise<string>;
  abstract dispose(): Promise<void>;

  exec(options: ExecOptions): Promise<ExecResult> {
    return execViaSpawn((spawnOptions) => this.spawn(spawnOptions), options);
  }

  async openShell(options: ShellOptions): Promise<ProcessHandle> {
    const script = options.script ?? interactiveShellScript(undefined, options.cwd);
    return this.spawn({ command: script, pty: true, cols: options.cols, rows: options.rows, env: options.env, stdin: true });
  }
}
