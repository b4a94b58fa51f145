import { useEffect, useState } from 'react';
import type { ReviewFile } from '../../../src-shared/ipc/reviewSchemas';
import { api } from '../../api/client';
import { useReview } from './reviewStore';
import { IconButton } from '../../ui/IconButton';
import { Modal } from '../../ui/Modal';
import { ReviewDiff } from './ReviewDiff';
import { ReviewCommit } from './ReviewCommit';
import { ReviewFiles } from './ReviewFiles';
import './review.css';

interface Props {
  workspace: string;
  onClose(): void;
}

/** The workspace's git working tree against HEAD: stage, unstage, discard, commit, branch. */
export function ReviewView({ workspace, onClose }: Props) {
  const status = useReview((s) => s.status);
  const selected = useReview((s) => s.selected);
  const diff = useReview((s) => s.diff);
  const error = useReview((s) => s.error);
  const busy = useReview((s) => s.busy);
  const [discarding, setDiscarding] = useState<ReviewFile>();

  useEffect(() => {
    void useReview.getState().open(workspace);
    // A turn that ends may have changed the files.
    return api().onChatEvent((event) => {
      if (event.type === 'turn.finished') void useReview.getState().refresh();
    });
  }, [workspace]);

  const title = (
    <span className="review-title">
      Review changes
      {status?.repo && (
        <span className="review-branch" data-testid="review-branch">
          {status.branch ?? `detached at ${status.head?.slice(0, 7) ?? '?'}`}
        </span>
      )}
      <span className="review-title-actions">
        <IconButton
          icon="refresh"
          label="Refresh"
          title="Read the working tree again"
          disabled={busy}
          data-testid="review-refresh"
          onClick={() => void useReview.getState().refresh()}
        />
        <IconButton icon="close" label="Close review" data-testid="review-close" onClick={onClose} />
      </span>
    </span>
  );

  return (
    <Modal title={title} onEscape={onClose} testId="review-view" className="review-modal">
      {error && (
        <p className="review-error" role="alert" data-testid="review-error">
          {error}
        </p>
      )}
      {status && !status.repo && (
        <p className="review-not-repo" data-testid="review-not-repo">
          {status.message}
        </p>
      )}
      {status?.repo && (
        <div className="review-body">
          <div className="review-side">
            <ReviewFiles onDiscard={setDiscarding} />
            <ReviewCommit />
          </div>
          <div className="review-diff" aria-label="Diff">
            {selected && (
              <p className="review-diff-path">
                <bdi>{selected.path}</bdi> <span className="muted">({selected.side})</span>
              </p>
            )}
            {diff && <ReviewDiff diff={diff} />}
          </div>
        </div>
      )}
      {!status && !error && <p className="muted">Reading the working tree…</p>}
      {discarding !== undefined && (
        <Modal
          title="Discard changes?"
          role="alertdialog"
          onEscape={() => setDiscarding(undefined)}
          testId="review-discard-confirm"
        >
          <p>
            {discarding.untracked || discarding.staged === 'A' ? (
              <>
                <code>{discarding.path}</code> is new since the last commit: it will be deleted.
              </>
            ) : (
              <>
                <code>{discarding.path}</code> goes back to how the last commit has it: its staged and
                unstaged changes are lost.
              </>
            )}
          </p>
          <div className="review-confirm-actions">
            <button type="button" onClick={() => setDiscarding(undefined)}>
              Cancel
            </button>
            <button
              type="button"
              className="primary"
              data-testid="review-discard-yes"
              onClick={() => {
                const { path } = discarding;
                setDiscarding(undefined);
                void useReview.getState().discard(path);
              }}
            >
              Discard
            </button>
          </div>
        </Modal>
      )}
    </Modal>
  );
}
