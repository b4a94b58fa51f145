/**
 * Environments per task id: created on first use, shared by sub-agents with their parent unless
 * they asked for their own, and cleaned up after an idle lifetime unless something still runs.
 */
import { Environment } from './environment';
import type { TerminalBackend } from './types';

export interface EnvironmentManagerOptions {
  /** Builds the backend of a new environment; `key` names the environment (labels, instance names). */
  createBackend: (key: string) => TerminalBackend;
  cwd?: string;
  /** The workspace a task was given; a new environment starts there. */
  workspaceOf?: (key: string) => string | undefined;
  /** The session's temp folder, which a sandboxed command gets as $TMPDIR. */
  tempDirOf?: (key: string) => string | undefined;
  env?: Record<string, string>;
  idleTimeoutMs: number;
  /** Injectable clock, for tests. */
  now?: () => number;
  /** True while the environment has running background processes; such environments are kept. */
  hasRunningProcesses?: (key: string) => boolean;
}

export interface TaskOptions {
  /** A sub-agent shares this task's environment... */
  parentTaskId?: string;
  /** ...unless it gets its own. */
  ownEnvironment?: boolean;
}

export class EnvironmentManager {
  private readonly environments = new Map<string, Environment>();
  private readonly parents = new Map<string, string>();
  private readonly cwdOverrides = new Map<string, string>();
  /** The workspace each live environment was last moved to, so binding it again keeps its `cd`s. */
  private readonly placedIn = new WeakMap<Environment, string>();
  private readonly now: () => number;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly options: EnvironmentManagerOptions) {
    this.now = options.now ?? Date.now;
  }

  registerTask(taskId: string, options: TaskOptions): void {
    if (options.parentTaskId !== undefined && !options.ownEnvironment && options.parentTaskId !== taskId) {
      this.parents.set(taskId, options.parentTaskId);
    } else {
      this.parents.delete(taskId);
    }
  }

  /** The environment key a task resolves to (its own id, or an ancestor's). */
  keyFor(taskId: string): string {
    let key = taskId;
    const seen = new Set([key]);
    for (;;) {
      const parent = this.parents.get(key);
      if (parent === undefined || seen.has(parent)) return key;
      seen.add(parent);
      key = parent;
    }
  }

  /** Sets where the task's environment works from; applies now if it exists, else at creation. */
  setCwdOverride(taskId: string, cwd: string): void {
    const key = this.keyFor(taskId);
    this.cwdOverrides.set(key, cwd);
    this.environments.get(key)?.setCwd(cwd);
  }

  /** Moves the task's live environment into `dir` unless it already works there. */
  applyWorkspace(taskId: string, dir: string): void {
    const environment = this.peek(taskId);
    if (!environment || this.placedIn.get(environment) === dir) return;
    this.placedIn.set(environment, dir);
    environment.setCwd(dir);
  }

  get(taskId: string): Environment {
    const key = this.keyFor(taskId);
    let environment = this.environments.get(key);
    if (!environment) {
      const workspace = this.options.workspaceOf?.(key);
      environment = new Environment(key, this.options.createBackend(key), {
        cwd: this.cwdOverrides.get(key) ?? workspace ?? this.options.cwd,
        tmpDir: this.options.tempDirOf?.(key),
        env: this.options.env,
        now: this.now,
      });
      this.environments.set(key, environment);
      if (workspace !== undefined) this.placedIn.set(environment, workspace);
    }
    environment.touch();
    return environment;
  }

  peek(taskId: string): Environment | undefined {
    return this.environments.get(this.keyFor(taskId));
  }

  list(): Environment[] {
    return [...this.environments.values()];
  }

  /** Disposes idle environments; returns their keys. */
  async sweep(): Promise<string[]> {
    const cutoff = this.now() - this.options.idleTimeoutMs;
    const idle = this.list().filter(
      (env) => env.lastUsed <= cutoff && env.active === 0 && !this.options.hasRunningProcesses?.(env.key),
    );
    await this.drop(idle);
    return idle.map((env) => env.key);
  }

  /**
   * Disposes the task's own environment at once (its task is gone), ending what its backend runs;
   * false, keeping it, while a user shell or a command still works in it.
   */
  async release(taskId: string): Promise<boolean> {
    const environment = this.environments.get(taskId);
    if (!environment || environment.active > 0) return false;
    await this.drop([environment]);
    return true;
  }

  private async drop(environments: Environment[]): Promise<void> {
    for (const env of environments) this.environments.delete(env.key);
    await Promise.all(environments.map((env) => env.dispose()));
  }

  startSweeper(intervalMs = 30_000): void {
    this.stopSweeper();
    this.sweeper = setInterval(() => void this.sweep(), intervalMs);
    this.sweeper.unref();
  }

  stopSweeper(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  async disposeAll(): Promise<void> {
    this.stopSweeper();
    const all = this.list();
    this.environments.clear();
    await Promise.all(all.map((env) => env.dispose()));
  }
}
