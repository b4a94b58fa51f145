/**
 * Keeps sandboxed commands from leaving code that runs later outside the sandbox: the person's
 * next `git status` or `git commit`, direnv, the editor, a login shell. Before the first of a
 * folder's commands starts it snapshots what can run code there; while commands run it checks
 * every few moments, and as each ends it checks again, undoing what changed (plantUndo.ts). A
 * change the person makes while a command runs is undone as well: no one can tell them apart.
 */
import { takeSnapshot, type Snapshot } from './plantedFiles';
import { mergeUndone, undoPlanted, type Undone } from './plantUndo';

export interface GuardOptions {
  /** Top-level names a command may not create in a root (it is the home folder or not). */
  protectedNames(root: string): readonly string[];
  /** How often running commands are checked; the last check is when they end. */
  intervalMs?: number;
}

interface Run {
  undone: Undone[];
}

class RootGuard {
  private baseline: Promise<Snapshot> | undefined;
  private readonly runs = new Set<Run>();
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly root: string,
    private readonly names: readonly string[],
    private readonly intervalMs: number,
  ) {}

  async begin(run: Run): Promise<void> {
    if (this.runs.size === 0) {
      // Whatever changed since the last command ended was not a command's doing.
      const snapshot = this.serial(() => takeSnapshot(this.root, this.names));
      this.baseline = snapshot;
      this.timer = setInterval(() => void this.check().catch(() => undefined), this.intervalMs);
      this.timer.unref();
    }
    this.runs.add(run);
    await this.baseline;
  }

  async end(run: Run): Promise<void> {
    await this.check().catch(() => undefined);
    this.runs.delete(run);
    if (this.runs.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /**
   * Compares with the state before the first running command, never with one taken after an
   * undo: a command still running may write between the undo and that snapshot, and what it
   * wrote would pass as allowed. So every check, the last one included, sees all it did.
   */
  private check(): Promise<void> {
    return this.serial(async () => {
      const before = await this.baseline;
      if (!before) return;
      const after = await takeSnapshot(this.root, this.names);
      const undone = await undoPlanted(before, after, this.root);
      // Merged as it goes: a process planting the same file all day keeps one entry for it.
      if (undone.length > 0)
        for (const active of this.runs) active.undone = mergeUndone([...active.undone, ...undone]);
    });
  }

  /** One snapshot or check at a time per root. */
  private serial<T>(step: () => Promise<T>): Promise<T> {
    const next = this.queue.then(step, step);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

export interface GuardRun {
  /** Checks once more and gives what was undone while the command ran. */
  end(): Promise<Undone[]>;
}

export class PlantGuard {
  private readonly roots = new Map<string, RootGuard>();

  constructor(private readonly options: GuardOptions) {}

  async begin(roots: readonly string[]): Promise<GuardRun> {
    const run: Run = { undone: [] };
    const guards = [...new Set(roots)].map((root) => {
      let guard = this.roots.get(root);
      if (!guard) {
        guard = new RootGuard(root, this.options.protectedNames(root), this.options.intervalMs ?? 1000);
        this.roots.set(root, guard);
      }
      return guard;
    });
    await Promise.all(guards.map((guard) => guard.begin(run)));
    let ended: Promise<Undone[]> | undefined;
    return {
      end: () => {
        ended ??= Promise.all(guards.map((guard) => guard.end(run))).then(() => mergeUndone(run.undone));
        return ended;
      },
    };
  }
}
