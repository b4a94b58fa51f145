/** Checkpoint records: one JSON file each, and a ref per checkpoint so its objects stay reachable. */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CheckpointError, type Checkpoint } from './types';

const ID = /^[0-9a-f]{8,24}$/;

export function newId(now: number): string {
  return `${now.toString(16).padStart(12, '0')}${randomBytes(3).toString('hex')}`;
}

export class Records {
  private readonly dir: string;
  private readonly refs: string;

  constructor(
    private readonly gitDir: string,
    storeDir: string,
  ) {
    this.dir = join(storeDir, 'records');
    this.refs = join(gitDir, 'refs', 'checkpoints');
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    mkdirSync(this.refs, { recursive: true, mode: 0o700 });
  }

  /** Writes the ref and the record together; the snapshot's objects are written already. */
  async save(checkpoint: Checkpoint): Promise<void> {
    const record = join(this.dir, `${checkpoint.id}.json`);
    const temp = `${record}.tmp-${process.pid}`;
    await Promise.all([
      writeFile(join(this.refs, checkpoint.id), `${checkpoint.tree}\n`, { mode: 0o600 }),
      writeFile(temp, JSON.stringify(checkpoint, null, 2), { mode: 0o600 }),
    ]);
    await rename(temp, record);
  }

  remove(id: string): void {
    rmSync(join(this.dir, `${id}.json`), { force: true });
    rmSync(join(this.refs, id), { force: true });
  }

  /** Every record, newest first. */
  all(): Checkpoint[] {
    const found: Checkpoint[] = [];
    for (const name of readdirSync(this.dir)) {
      if (!name.endsWith('.json')) continue;
      try {
        found.push(JSON.parse(readFileSync(join(this.dir, name), 'utf8')) as Checkpoint);
      } catch {
        // A record being written by another process; it is read next time.
      }
    }
    return found.sort((a, b) =>
      a.created_at === b.created_at ? cmp(b.id, a.id) : cmp(b.created_at, a.created_at),
    );
  }

  /** The record whose id is `given` or starts with it. */
  get(given: string): Checkpoint {
    if (!ID.test(given)) throw new CheckpointError(`"${given}" is not a checkpoint id`);
    const matches = this.all().filter((c) => c.id.startsWith(given));
    if (matches.length === 0) throw new CheckpointError(`no checkpoint matches "${given}"`);
    if (matches.length > 1)
      throw new CheckpointError(`"${given}" matches ${matches.length} checkpoints; give more of the id`);
    return matches[0] as Checkpoint;
  }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
