import { useEffect, useState } from 'react';
import type { FileDiff } from '../../../src-shared/ipc/reviewSchemas';
import type { BaseChanges as Changes } from '../../../src-shared/ipc/worktreeSchemas';
import { api, errorMessage, unwrap } from '../../api/client';
import { ReviewDiff } from '../review/ReviewDiff';

/** A worktree session's changes against its base branch: committed and not yet committed. */
export function BaseChanges({ sessionId, onClose }: { sessionId: string; onClose: () => void }) {
  const [changes, setChanges] = useState<Changes | undefined>(undefined);
  const [diff, setDiff] = useState<FileDiff | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);

  useEffect(() => {
    void unwrap(api().sessionsWorktreeChanges({ id: sessionId })).then(setChanges, (err: unknown) =>
      setError(errorMessage(err)),
    );
  }, [sessionId]);

  async function show(path: string) {
    try {
      setDiff(await unwrap(api().sessionsWorktreeDiff({ id: sessionId, path })));
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  return (
    <section className="base-changes" data-testid="base-changes" aria-label="Changes against the base branch">
      <header>
        <strong>Changes against {changes?.base ?? '…'}</strong>{' '}
        <button type="button" onClick={onClose}>
          Close
        </button>
      </header>
      {error && <p role="alert">{error}</p>}
      {changes && changes.files.length === 0 && <p>No changes yet.</p>}
      <ul>
        {changes?.files.map((f) => (
          <li key={f.path}>
            <button type="button" data-testid="base-change" onClick={() => void show(f.path)}>
              {f.status} {f.path}
            </button>
          </li>
        ))}
      </ul>
      {diff && <ReviewDiff diff={diff} />}
    </section>
  );
}
