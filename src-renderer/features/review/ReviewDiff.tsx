import type { FileDiff } from '../../../src-shared/ipc/reviewSchemas';
import { DiffView } from '../diff/lazyDiffView';

/** A file's diff against HEAD or the index, in the shared diff view; notes for what it cannot show. */
export function ReviewDiff({ diff }: { diff: FileDiff }) {
  if (diff.binary) return <p className="review-diff-note">Binary file: no text diff to show.</p>;
  if (diff.text === '')
    return (
      <p className="review-diff-note">
        {diff.truncated ? 'This file is too large to show.' : 'No changes to show.'}
      </p>
    );
  return (
    <>
      <DiffView
        diff={diff.text}
        path={diff.path}
        testId="review-diff"
        {...(diff.side === 'untracked' ? { note: 'new file' } : {})}
      />
      {diff.truncated && (
        <p className="review-diff-note">The diff was cut: it is longer than can be shown.</p>
      )}
    </>
  );
}
