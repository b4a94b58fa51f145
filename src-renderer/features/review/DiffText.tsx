import type { FileDiff } from '../../../src-shared/ipc/reviewSchemas';

/** The kind of one line of a unified diff, for its colour. */
function lineKind(line: string): string {
  if (line.startsWith('@@')) return 'hunk';
  if (/^(diff |index |--- |\+\+\+ |new file|deleted file|similarity|rename |old mode|new mode)/.test(line))
    return 'meta';
  if (line.startsWith('+')) return 'add';
  if (line.startsWith('-')) return 'del';
  return 'ctx';
}

/**
 * A unified diff as text, one coloured line each. Kept small on purpose: the cards' shared diff
 * view replaces it once that lands.
 */
export function DiffText({ diff }: { diff: FileDiff }) {
  if (diff.binary) return <p className="review-diff-note">Binary file: no text diff to show.</p>;
  if (diff.text === '')
    return (
      <p className="review-diff-note">
        {diff.truncated ? 'This file is too large to show.' : 'No changes to show.'}
      </p>
    );
  const lines = diff.text.replace(/\n$/, '').split('\n');
  return (
    <>
      <pre className="review-diff-text" data-testid="review-diff">
        {lines.map((line, i) => (
          <span key={i} className={`review-line review-line-${lineKind(line)}`}>
            {line === '' ? ' ' : line}
            {'\n'}
          </span>
        ))}
      </pre>
      {diff.truncated && (
        <p className="review-diff-note">The diff was cut: it is longer than can be shown.</p>
      )}
    </>
  );
}
