import type { LeftOutPath, TurnChanges } from '../../../src-shared/ipc/checkpointSchemas';

/** "3 files changed +40 −12" */
export function changeSummary(t: Pick<TurnChanges, 'files_changed' | 'insertions' | 'deletions'>): string {
  const files = `${t.files_changed} file${t.files_changed === 1 ? '' : 's'} changed`;
  return `${files} +${t.insertions} −${t.deletions}`;
}

const REASONS: Record<LeftOutPath['reason'], string> = {
  'ignored-bulky': 'ignored build output',
  'too-large': 'over the size limit',
  'git-cap': 'past the .git size cap',
  'special-file': 'not a regular file',
  'checkpoint-store': 'the checkpoint store',
};

/** What a turn's checkpoint did not keep, in one line; undefined when it kept everything. */
export function leftOutSummary(turn: Pick<TurnChanges, 'left_out' | 'git_cap_applied'>): string | undefined {
  const parts = turn.left_out.slice(0, 4).map((l) => `${l.path} (${REASONS[l.reason]})`);
  if (turn.left_out.length > 4) parts.push(`${turn.left_out.length - 4} more`);
  if (turn.git_cap_applied && !turn.left_out.some((l) => l.reason === 'git-cap'))
    parts.push('part of .git (past its size cap)');
  return parts.length === 0
    ? undefined
    : `Not kept, so a revert leaves them as they are: ${parts.join(', ')}.`;
}

export function turnList(turns: number[]): string {
  return turns.map((t) => `turn ${t}`).join(', ');
}

/** A path inside a repository's own `.git` (the workspace's or a nested one's). */
const inGit = (path: string) => /(^|\/)\.git(\/|$)/.test(path);

/** The files a person wrote, first; a repository's `.git` data goes apart, folded. */
export function workFiles<F extends { path: string }>(files: F[]): F[] {
  return files.filter((f) => !inGit(f.path));
}

export function gitFiles<F extends { path: string }>(files: F[]): F[] {
  return files.filter((f) => inGit(f.path));
}

/** A turn's chip: the files a person wrote counted, `.git` data only mentioned. */
export function chipSummary(turn: Pick<TurnChanges, 'files'>): string {
  const work = workFiles(turn.files);
  const sum = (key: 'insertions' | 'deletions') => work.reduce((n, f) => n + f[key], 0);
  const main = changeSummary({
    files_changed: work.length,
    insertions: sum('insertions'),
    deletions: sum('deletions'),
  });
  return gitFiles(turn.files).length > 0 ? `${main} · .git changed` : main;
}
