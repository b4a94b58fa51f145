import { useState } from 'react';
import { useReview } from './reviewStore';

/** The commit message box and the new-branch field, under the files. */
export function ReviewCommit() {
  const [message, setMessage] = useState('');
  const [branch, setBranch] = useState('');
  const status = useReview((s) => s.status);
  const busy = useReview((s) => s.busy);
  const committed = useReview((s) => s.committed);
  if (!status?.repo) return null;
  const staged = status.files.some((f) => f.staged !== null && !f.conflicted);

  async function commit() {
    if (await useReview.getState().commit(message)) setMessage('');
  }
  async function createBranch() {
    if (await useReview.getState().createBranch(branch.trim())) setBranch('');
  }

  return (
    <div className="review-commit">
      <form
        className="review-commit-form"
        onSubmit={(e) => {
          e.preventDefault();
          void commit();
        }}
      >
        <label htmlFor="review-message" className="visually-hidden">
          Commit message
        </label>
        <textarea
          id="review-message"
          data-testid="review-message"
          rows={2}
          placeholder={staged ? 'Commit message' : 'Stage files to commit them'}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void commit();
            }
          }}
        />
        <button
          type="submit"
          className="primary"
          data-testid="review-commit"
          disabled={busy || !staged || message.trim() === ''}
          title="Runs git commit: the repository's hooks run as they would for you"
        >
          Commit
        </button>
      </form>
      {committed && (
        <p className="review-committed" role="status" data-testid="review-committed">
          Committed <code>{committed.oid.slice(0, 7)}</code> {committed.summary}
        </p>
      )}
      <form
        className="review-branch-form"
        onSubmit={(e) => {
          e.preventDefault();
          void createBranch();
        }}
      >
        <label htmlFor="review-branch-name">New branch</label>
        <input
          id="review-branch-name"
          data-testid="review-branch-name"
          value={branch}
          spellCheck={false}
          placeholder="feature/name"
          onChange={(e) => setBranch(e.target.value)}
        />
        <button type="submit" data-testid="review-branch-create" disabled={busy || branch.trim() === ''}>
          Create and switch
        </button>
      </form>
    </div>
  );
}
