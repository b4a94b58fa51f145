/** Which checkpoints retention drops: past the count per workspace, past the age, then oldest first until the store fits. */
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckpointsConfig } from '../config/checkpointsSchema';
import type { Checkpoint } from './types';

export type Retention = Pick<CheckpointsConfig, 'max_count' | 'max_size_mb' | 'retention_days'>;

/** Records to drop by count and age; `all` is newest first. */
export function expired(all: Checkpoint[], retention: Retention, now: number): Checkpoint[] {
  const perWorkspace = new Map<string, number>();
  const oldest = now - retention.retention_days * 86_400_000;
  return all.filter((c) => {
    const seen = (perWorkspace.get(c.workspace) ?? 0) + 1;
    perWorkspace.set(c.workspace, seen);
    return seen > retention.max_count || Date.parse(c.created_at) < oldest;
  });
}

/** Bytes under a folder, links not followed. */
export function sizeOf(dir: string): number {
  let total = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const st = lstatSync(join(dir, name));
    total += st.isDirectory() ? sizeOf(join(dir, name)) : st.size;
  }
  return total;
}
