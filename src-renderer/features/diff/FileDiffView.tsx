import { fileDiffSummary, OMITTED_WORDS, type FileDiff } from '../../../src-shared/fileDiff';
import { DiffView } from './DiffView';

/** A file write's diff, or, when none was kept, what changed in one line and why no more is shown. */
export function FileDiffView({ fileDiff, testId }: { fileDiff: FileDiff; testId: string }) {
  const note = fileDiff.created ? 'new file' : undefined;
  if (fileDiff.diff !== undefined)
    return <DiffView diff={fileDiff.diff} path={fileDiff.path} testId={testId} {...(note ? { note } : {})} />;
  return (
    <p className="diff-view diff-summary" data-testid={testId} data-omitted={fileDiff.omitted}>
      {fileDiffSummary({ ...fileDiff, omitted: undefined })}
      {fileDiff.omitted && <span className="muted"> — {OMITTED_WORDS[fileDiff.omitted]}</span>}
    </p>
  );
}
