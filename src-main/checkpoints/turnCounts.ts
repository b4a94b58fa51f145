/** A new checkpoint's counts against the one before it, from the files the state saw change. */
import { lineCounts } from './lineCounts';
import type { ObjectWriter } from './objects';

export interface Counts {
  files_changed: number;
  insertions: number;
  deletions: number;
}

export function countChanges(
  changes: { before: string | null; after: string | null }[],
  writer: ObjectWriter,
): Counts | undefined {
  let insertions = 0;
  let deletions = 0;
  for (const { before, after } of changes) {
    const a = before === null ? Buffer.alloc(0) : writer.readLoose(before);
    const b = after === null ? Buffer.alloc(0) : writer.readLoose(after);
    // Not stored loose (packed by hand): git counts instead.
    if (!a || !b) return undefined;
    const counts = lineCounts(a, b);
    insertions += counts.insertions;
    deletions += counts.deletions;
  }
  return { files_changed: changes.length, insertions, deletions };
}
