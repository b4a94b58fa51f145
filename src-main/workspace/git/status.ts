/** `git status --porcelain=v2 -z` read into the Review view's files. */
import type { ChangeCode, ReviewFile } from '../../../src-shared/ipc/reviewSchemas';
import { fromRepo } from './paths';

export interface ParsedStatus {
  branch: string | null;
  head: string | null;
  /** Paths relative to the repository's top level. */
  files: ReviewFile[];
}

const CODES = new Set(['M', 'T', 'A', 'D', 'R', 'C', 'U']);

function code(letter: string | undefined): ChangeCode | null {
  return letter !== undefined && CODES.has(letter) ? (letter as ChangeCode) : null;
}

/** Splits the record's first `count` space-separated fields from the rest (the path, which may hold spaces). */
function fields(record: string, count: number): { parts: string[]; rest: string } {
  const parts: string[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    const space = record.indexOf(' ', at);
    if (space < 0) return { parts, rest: '' };
    parts.push(record.slice(at, space));
    at = space + 1;
  }
  return { parts, rest: record.slice(at) };
}

export function parseStatus(output: string): ParsedStatus {
  const records = output.split('\0');
  const parsed: ParsedStatus = { branch: null, head: null, files: [] };
  for (let i = 0; i < records.length; i++) {
    const record = records[i] ?? '';
    const kind = record[0];
    if (record.startsWith('# branch.oid ')) {
      const oid = record.slice('# branch.oid '.length);
      parsed.head = oid === '(initial)' ? null : oid;
    } else if (record.startsWith('# branch.head ')) {
      const head = record.slice('# branch.head '.length);
      parsed.branch = head === '(detached)' ? null : head;
    } else if (kind === '1' || kind === '2') {
      const { parts, rest } = fields(record, kind === '1' ? 8 : 9);
      const xy = parts[1] ?? '..';
      const file: ReviewFile = {
        path: rest,
        staged: code(xy[0]),
        unstaged: code(xy[1]),
        untracked: false,
        conflicted: false,
      };
      // A rename's or copy's source follows as its own record.
      if (kind === '2') file.origPath = records[++i] ?? '';
      parsed.files.push(file);
    } else if (kind === 'u') {
      const { rest } = fields(record, 10);
      parsed.files.push({ path: rest, staged: 'U', unstaged: 'U', untracked: false, conflicted: true });
    } else if (kind === '?') {
      const path = record.slice(2);
      parsed.files.push({ path, staged: null, unstaged: null, untracked: true, conflicted: false });
    }
  }
  return parsed;
}

/** The files under the workspace's own folder, with paths relative to it. */
export function underPrefix(files: ReviewFile[], prefix: string): ReviewFile[] {
  const out: ReviewFile[] = [];
  for (const { origPath: repoOrig, ...file } of files) {
    const path = fromRepo(prefix, file.path);
    if (path === undefined) continue;
    const origPath = repoOrig === undefined ? undefined : fromRepo(prefix, repoOrig);
    out.push({ ...file, path, ...(origPath === undefined ? {} : { origPath }) });
  }
  return out;
}
