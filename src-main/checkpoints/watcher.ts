/**
 * Which paths changed since the last look, from inotify (one non-recursive watch per folder:
 * Node's recursive watch is slow to arm on Linux). Anything the watcher cannot vouch for —
 * a watch it could not place, an event without a name, more events than the kernel's queue
 * holds (inotify drops the rest, and Node does not say so) — turns the next look into a walk.
 */
import { watch, type FSWatcher } from 'node:fs';
import { readFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { join } from './workspaceState';

function queueLimit(): number {
  try {
    return Number(readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8')) || 16_384;
  } catch {
    return 16_384;
  }
}

/** Half the kernel's queue: past it, events may have been dropped. */
const OVERFLOW_AT = Math.floor(queueLimit() / 2);

export class ChangeWatcher {
  private readonly watches = new Map<string, { watcher: FSWatcher; ino: number }>();
  private dirty = new Set<string>();
  private events = 0;
  private lost = false;

  constructor(private readonly root: string) {}

  /** Watches one folder (relative; '' is the root), again when another folder took its place. */
  add(rel: string, ino: number): void {
    const held = this.watches.get(rel);
    if (held?.ino === ino) return;
    if (held) this.drop(rel);
    try {
      const watcher = watch(rel === '' ? this.root : joinPath(this.root, rel), { persistent: false });
      watcher.on('change', (_event, name) => {
        this.events++;
        if (name === null || name === undefined) this.lost = true;
        else this.dirty.add(join(rel, String(name)));
      });
      watcher.on('error', () => {
        this.lost = true;
        this.drop(rel);
      });
      this.watches.set(rel, { watcher, ino });
    } catch {
      this.lost = true;
    }
  }

  private drop(rel: string): void {
    this.watches.get(rel)?.watcher.close();
    this.watches.delete(rel);
  }

  /** Lets events already queued by the kernel arrive: one poll of the event loop, then quiet. */
  async settle(): Promise<void> {
    let before = -1;
    for (let round = 0; round < 50 && (round < 2 || before !== this.events); round++) {
      before = this.events;
      await new Promise<void>((resolveTick) => setImmediate(resolveTick));
    }
  }

  /** The paths changed since the last call, or undefined when only a walk can tell. */
  take(): Set<string> | undefined {
    const lost = this.lost || this.events >= OVERFLOW_AT;
    const dirty = this.dirty;
    this.dirty = new Set();
    this.events = 0;
    this.lost = false;
    return lost ? undefined : dirty;
  }

  close(): void {
    for (const { watcher } of this.watches.values()) watcher.close();
    this.watches.clear();
  }
}
