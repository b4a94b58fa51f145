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
