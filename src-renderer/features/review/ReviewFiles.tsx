import type { DiffSide, ReviewFile } from '../../../src-shared/ipc/reviewSchemas';
import { DIFF_SIDES } from '../../../src-shared/ipc/diffSides';
import { groupFiles, useReview, type ReviewEntry } from './reviewStore';

const TITLES: Record<DiffSide, string> = {
  staged: 'Staged',
  unstaged: 'Changed',
  untracked: 'Untracked',
};

const CODES: Record<string, string> = {
  M: 'modified',
  T: 'type changed',
  A: 'added',
  D: 'deleted',
  R: 'renamed',
  C: 'copied',
  U: 'conflict',
};

function describe({ file, side }: ReviewEntry): string {
  if (side === 'untracked') return 'new';
  const code = side === 'staged' ? file.staged : file.unstaged;
  return CODES[code ?? ''] ?? '';
}

interface Props {
  onDiscard(file: ReviewFile): void;
}

/** The changed files in their groups, each with what can be done to it. */
export function ReviewFiles({ onDiscard }: Props) {
  const status = useReview((s) => s.status);
  const selected = useReview((s) => s.selected);
  const busy = useReview((s) => s.busy);
  const { select, stage, unstage } = useReview.getState();
  if (!status?.repo) return null;
  const groups = groupFiles(status.files);
  if (status.files.length === 0)
    return <p className="review-empty muted">No changes: the working tree matches HEAD.</p>;
  return (
    <div className="review-files">
      {DIFF_SIDES.map((side) =>
        groups[side].length === 0 ? null : (
          <section key={side} className="review-group" data-testid={`review-group-${side}`}>
            <h3>
              {TITLES[side]} <span className="muted">{groups[side].length}</span>
            </h3>
            <ul>
              {groups[side].map((entry) => {
                const { path, origPath } = entry.file;
                const current = selected?.path === path && selected.side === side;
                return (
                  <li key={path} className={current ? 'selected' : undefined} data-testid="review-file">
                    <button
                      type="button"
                      className="review-file-name"
                      aria-current={current ? 'true' : undefined}
                      title={origPath ? `${origPath} → ${path}` : path}
                      onClick={() => void select({ path, side })}
                    >
                      <bdi>{path}</bdi>
                      <span className={`review-code review-code-${describe(entry).replace(' ', '-')}`}>
                        {describe(entry)}
                      </span>
                    </button>
                    {side === 'staged' ? (
                      <button
                        type="button"
                        disabled={busy}
                        data-testid="review-unstage"
                        onClick={() => void unstage(path)}
                      >
                        Unstage
                      </button>
                    ) : (
                      <button
                        type="button"
                        disabled={busy}
                        data-testid="review-stage"
                        onClick={() => void stage(path)}
                      >
                        Stage
                      </button>
                    )}
                    <button
                      type="button"
                      className="danger"
                      disabled={busy}
                      data-testid="review-discard"
                      aria-label={`Discard changes to ${path}`}
                      onClick={() => onDiscard(entry.file)}
                    >
                      Discard
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        ),
      )}
    </div>
  );
}
