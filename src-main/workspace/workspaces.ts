/**
 * Which folder each task works in, and where the file tools may write without asking: the
 * task's workspace, its temp folder and `sandbox.writable_roots`. `$CADUCEUS_HOME` is never
 * among them, even inside a workspace.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join } from 'node:path';

export type WritePlace = 'inside' | 'outside' | 'caduceus-home';

export interface WorkspacesOptions {
  /** $CADUCEUS_HOME. */
  home: string;
  /** The workspace of a task nobody bound (the folder the CLI or `serve` started in); none in the app. */
  fallback?: string;
  /** config.yaml `sandbox.writable_roots`, read at each check so Settings changes apply. */
  writableRoots: () => readonly string[];
  /** More folders one task may write (a worktree session's git state in the main repository). */
  sessionRoots?: (taskId: string) => readonly string[];
  /** Where session temp folders are made; the OS temp folder by default. */
  tempRoot?: string;
}

export class Workspaces {
  private readonly bound = new Map<string, string>();
  /** Each task's temp folder, made on first use. */
  private readonly temps = new Map<string, string>();

  constructor(private readonly options: WorkspacesOptions) {}

  /** Sets the task's workspace and makes its temp folder. */
  bind(taskId: string, dir: string): void {
    this.bound.set(taskId, dir);
    this.tempDirOf(taskId);
  }

  /** The workspace bound to this task, if any. */
  boundTo(taskId: string): string | undefined {
    return this.bound.get(taskId);
  }

  /** The task's workspace: the bound one, else the fallback. */
  of(taskId: string): string | undefined {
    return this.bound.get(taskId) ?? this.options.fallback;
  }

  /**
   * The task's temp folder, made on first use: the file tools' temp path and $TMPDIR of its
   * sandboxed commands. A fresh, private name (mkdtemp), so nobody else can have made it first.
   */
  tempDirOf(taskId: string): string {
    let dir = this.temps.get(taskId);
    if (!dir) {
      const name = `caduceus-${taskId.replace(/[^A-Za-z0-9_.-]/g, '_')}-`;
      dir = mkdtempSync(join(this.options.tempRoot ?? tmpdir(), name));
      this.temps.set(taskId, dir);
    }
    return dir;
  }

  /** Every folder the task may write to without asking. */
  rootsOf(taskId: string): string[] {
    const workspace = this.of(taskId);
    // Relative roots would mean whatever folder the process happens to be in: ignored.
    const configured = this.options
      .writableRoots()
      .map(expandHome)
      .filter((p) => isAbsolute(p));
    const own = this.sessionRootsOf(taskId);
    return [...(workspace ? [workspace] : []), this.tempDirOf(taskId), ...configured, ...own];
  }

  /** Folders only this task may write besides its workspace. */
  sessionRootsOf(taskId: string): readonly string[] {
    return this.options.sessionRoots?.(taskId) ?? [];
  }

  /** Where a write to `target` (symlinks already followed) lands for this task. */
  async placeOf(taskId: string, target: string): Promise<WritePlace> {
    const real = await realOrSelf(target);
    const home = await realOrSelf(this.options.home);
    if (within(real, home) || within(target, this.options.home)) return 'caduceus-home';
    for (const root of this.rootsOf(taskId)) if (within(real, await realOrSelf(root))) return 'inside';
    return 'outside';
  }

  /** Removes the temp folders this process made. */
  dispose(): void {
    for (const dir of this.temps.values()) rmSync(dir, { recursive: true, force: true });
    this.temps.clear();
  }
}

function within(path: string, root: string): boolean {
  const base = root.endsWith('/') ? root.slice(0, -1) : root;
  return path === base || path.startsWith(`${base}/`) || base === '';
}

function expandHome(path: string): string {
  return path === '~' || path.startsWith('~/') ? join(homedir(), path.slice(1)) : path;
}

/** The real path of the deepest existing ancestor, with the rest appended: a file yet to be made counts too. */
async function realOrSelf(path: string): Promise<string> {
  const rest: string[] = [];
  for (let dir = path; ;) {
    try {
      return join(await realpath(dir), ...rest.reverse());
    } catch {
      const parent = dirname(dir);
      if (parent === dir) return path;
      rest.push(basename(dir));
      dir = parent;
    }
  }
}
