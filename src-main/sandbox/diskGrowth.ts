/**
 * How much one sandboxed command has filled the disk, at bounded cost. statfs of the file
 * systems under its writable folders is read every tick (constant cost, but it sees everyone's
 * writes); only when that has grown past the limit are the folders walked, counting the files
 * changed since the command started. When those stay under the limit, the growth was someone
 * else's and the baseline moves past it.
 */
import { statfsSync, statSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Entries one walk looks at before it gives the command the benefit of the doubt. */
const WALK_BUDGET = 200_000;

interface Disk {
  path: string;
  baseline: number;
}

export class DiskGrowth {
  private readonly disks: Disk[] = [];
  /** A second early: file times come from a coarser clock than Date.now(). */
  private readonly startedAt = Date.now() - 1000;
  private walking = false;
  private confirmed = false;

  constructor(
    private readonly roots: readonly string[],
    private readonly limitBytes: number,
  ) {
    const seen = new Set<number>();
    for (const path of roots) {
      try {
        const { dev } = statSync(path);
        if (seen.has(dev)) continue;
        seen.add(dev);
        this.disks.push({ path, baseline: freeBytes(path) });
      } catch {
        // a folder that does not exist holds nothing
      }
    }
  }

  /** Whether the command has written more than the limit; checks again in the background. */
  exceeded(): boolean {
    if (this.confirmed || this.walking) return this.confirmed;
    const free = this.disks.map((disk) => tryFree(disk.path));
    const grown = this.disks.reduce(
      (sum, disk, i) => sum + Math.max(0, disk.baseline - (free[i] ?? disk.baseline)),
      0,
    );
    if (grown <= this.limitBytes) return false;
    this.walking = true;
    void writtenSince(this.roots, this.startedAt).then((own) => {
      this.walking = false;
      if (own > this.limitBytes) this.confirmed = true;
      else
        this.disks.forEach((disk, i) => {
          // The rest was someone else's: count only what this command adds from here on.
          const now = free[i];
          if (now !== undefined) disk.baseline = now + own / this.disks.length;
        });
    });
    return false;
  }
}

function freeBytes(path: string): number {
  const { bfree, bsize } = statfsSync(path);
  return bfree * bsize;
}

function tryFree(path: string): number | undefined {
  try {
    return freeBytes(path);
  } catch {
    return undefined;
  }
}

/** Bytes on disk of the files under `roots` changed since `since` (links not followed). */
async function writtenSince(roots: readonly string[], since: number): Promise<number> {
  let total = 0;
  let budget = WALK_BUDGET;
  // A folder inside another is walked once, as part of it.
  const queue = roots.filter(
    (root) => !roots.some((other) => other !== root && root.startsWith(`${other}/`)),
  );
  for (let dir = queue.shift(); dir !== undefined && budget > 0; dir = queue.shift()) {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (--budget <= 0) break;
      const path = join(dir, name);
      try {
        const entry = await lstat(path);
        if (entry.isDirectory()) queue.push(path);
        else if (entry.isFile() && entry.mtimeMs >= since) total += entry.blocks * 512;
      } catch {
        // removed while we looked
      }
    }
  }
  return total;
}
