/** One task's environment: a backend plus the state (cwd, exported variables) that persists between calls. */
import { randomBytes } from 'node:crypto';
import { interactiveShellScript, statePaths, wrapCommand, type StatePaths } from './shellScript';
import { shQuote } from '../../src-shared/shellQuote';
import type { TerminalBackend } from './types';

export interface EnvironmentOptions {
  /** Where the first command starts; undefined leaves it to the backend (home directory). */
  cwd?: string;
  /** The session's temp folder; undefined leaves one to the backend. */
  tmpDir?: string;
  env?: Record<string, string>;
  now: () => number;
}

export interface ScriptOptions {
  /** Run this call in another directory without moving the environment there. */
  workdir?: string;
  /** Background processes read the state but never write it. */
  background?: boolean;
  /** False: start from the base environment, not the variables earlier commands left. */
  restoreEnv?: boolean;
}

export class Environment {
  readonly id = randomBytes(6).toString('hex');
  readonly env: Record<string, string>;
  lastUsed: number;
  /** Foreground commands currently running; a busy environment is never swept. */
  active = 0;
  private pendingCwd: string | undefined;
  /** The cwd last given to the environment: where a command starts when no snapshot says otherwise. */
  private baseCwd: string | undefined;
  private state: StatePaths | undefined;
  private disposed = false;

  constructor(
    readonly key: string,
    readonly backend: TerminalBackend,
    private readonly options: EnvironmentOptions,
  ) {
    this.pendingCwd = options.cwd;
    this.baseCwd = options.cwd;
    this.env = { ...options.env };
    this.lastUsed = options.now();
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  touch(): void {
    this.lastUsed = this.options.now();
  }

  /** Moves the environment: the next command starts there, and later ones follow its `cd`s. */
  setCwd(cwd: string): void {
    this.pendingCwd = cwd;
    this.baseCwd = cwd;
  }

  async script(command: string, options: ScriptOptions = {}): Promise<string> {
    const state = await this.statePaths();
    const oneOff = options.workdir !== undefined || options.background === true;
    const cwd = options.workdir ?? this.pendingCwd;
    if (!oneOff) this.pendingCwd = undefined;
    return wrapCommand({
      command,
      state,
      cwd,
      fallbackCwd: this.baseCwd,
      persistCwd: !oneOff,
      saveState: options.background !== true,
      restoreEnv: options.restoreEnv,
    });
  }

  /** The folder a sandboxed command may write: where the task was told to work, not where it `cd`s. */
  get workspace(): string | undefined {
    return this.baseCwd;
  }

  get tmpDir(): string | undefined {
    return this.options.tmpDir;
  }

  async shellScript(options: { restoreEnv?: boolean } = {}): Promise<string> {
    return interactiveShellScript(await this.statePaths(), this.pendingCwd, {
      fallbackCwd: this.baseCwd,
      restoreEnv: options.restoreEnv ?? true,
    });
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    if (this.state) {
      const files = [this.state.envFile, `${this.state.envFile}.tmp`, this.state.cwdFile]
        .map(shQuote)
        .join(' ');
      await this.backend.exec({ command: `rm -f ${files}`, timeoutMs: 10_000 }).catch(() => undefined);
    }
    await this.backend.dispose();
  }

  private async statePaths(): Promise<StatePaths> {
    this.state ??= statePaths(await this.backend.stateDir(), this.id);
    return this.state;
  }
}
