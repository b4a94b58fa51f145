import type { DiffHunk, DiffLine } from '../../../src-shared/diffText';

/** One row of the side-by-side view: the old line on the left, the new on the right. */
export interface SplitRow {
  left?: DiffLine;
  right?: DiffLine;
}

/**
 * Pairs a hunk's lines for side by side: context on both sides, and each run of removals set
 * against the run of additions that follows it, line by line, the longer run's rest alone.
 */
export function splitRows(hunk: DiffHunk): SplitRow[] {
  const rows: SplitRow[] = [];
  const lines = hunk.lines;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.kind === 'context') {
      rows.push({ left: line, right: line });
      i++;
      continue;
    }
    const removed: DiffLine[] = [];
    const added: DiffLine[] = [];
    while (i < lines.length && lines[i]!.kind === 'remove') removed.push(lines[i++]!);
    while (i < lines.length && lines[i]!.kind === 'add') added.push(lines[i++]!);
    for (let k = 0; k < Math.max(removed.length, added.length); k++) {
      const left = removed[k];
      const right = added[k];
      rows.push({ ...(left ? { left } : {}), ...(right ? { right } : {}) });
    }
  }
  return rows;
}

/** Lines added and removed in a set of hunks. */
export function countChanges(hunks: DiffHunk[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const hunk of hunks)
    for (const line of hunk.lines) {
      if (line.kind === 'add') added++;
      else if (line.kind === 'remove') removed++;
    }
  return { added, removed };
}
