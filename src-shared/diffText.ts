/** Diffs read and put in words; apart from fileDiff.ts so the page's first screen loads no schemas. */
import type { FileDiff } from './fileDiff';

export type DiffLineKind = 'context' | 'add' | 'remove';

export interface DiffLine {
  kind: DiffLineKind;
  text: string;
  /** Line numbers on the old and new side; absent on the side the line is not on. */
  oldNumber?: number;
  newNumber?: number;
}

export interface DiffHunk {
  header: string;
  lines: DiffLine[];
}

const HUNK_HEADER = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/** The hunks of a unified diff, numbered; file headers and "\ No newline" markers are skipped. */
export function parseUnifiedDiff(diff: string): DiffHunk[] {
  const hunks: DiffHunk[] = [];
  let hunk: DiffHunk | undefined;
  let oldNumber = 0;
  let newNumber = 0;
  const rows = diff.split('\n');
  if (rows.at(-1) === '') rows.pop();
  for (const row of rows) {
    const header = HUNK_HEADER.exec(row);
    if (header) {
      hunk = { header: row, lines: [] };
      hunks.push(hunk);
      oldNumber = Number(header[1]);
      newNumber = Number(header[2]);
    } else if (!hunk || row.startsWith('\\')) {
      continue;
    } else if (row.startsWith('+')) {
      hunk.lines.push({ kind: 'add', text: row.slice(1), newNumber: newNumber++ });
    } else if (row.startsWith('-')) {
      hunk.lines.push({ kind: 'remove', text: row.slice(1), oldNumber: oldNumber++ });
    } else {
      hunk.lines.push({
        kind: 'context',
        text: row.slice(1),
        oldNumber: oldNumber++,
        newNumber: newNumber++,
      });
    }
  }
  return hunks;
}

/** Why a diff is not shown, in words. */
export const OMITTED_WORDS: Record<Exclude<FileDiff['omitted'], undefined>, string> = {
  'too-large': 'diff too large to show',
  binary: 'the old file is not text',
  protected: 'the old content of a protected file is not shown',
  unreadable: 'the old file could not be read',
};

/** One line for a diff that is not shown whole: the export, the CLI, the native dialog. */
export function fileDiffSummary(diff: FileDiff): string {
  const counts =
    diff.added !== undefined && diff.removed !== undefined ? ` +${diff.added} −${diff.removed}` : '';
  const why = diff.omitted ? ` (${OMITTED_WORDS[diff.omitted]})` : '';
  return `${diff.created ? 'created' : 'changed'} ${diff.path}${counts}${why}`;
}
