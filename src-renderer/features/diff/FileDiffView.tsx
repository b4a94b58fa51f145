import { fileDiffSummary, OMITTED_WORDS } from '../../../src-shared/diffText';
import type { FileDiff } from '../../../src-shared/fileDiff';
import { DiffView } from './lazyDiffView';

/** A path inside `base` as relative to it; any other as it is. */
export function shownPath(path: string, base?: string): string {
  if (!base) return path;
  const folder = base.endsWith('/') ? base : `${base}/`;
  return path.startsWith(folder) ? path.slice(folder.length) : path;
}

/**
 * A file write's diff, or, when none was kept, what changed in one line and why no more is
 * shown. Paths inside `base` (the session's workspace) are shown relative to it.
 */
export function FileDiffView({
  fileDiff,
  testId,
  base,
}: {
  fileDiff: FileDiff;
  testId: string;
  base?: string | undefined;
}) {
  const note = fileDiff.created ? 'new file' : undefined;
  const path = shownPath(fileDiff.path, base);
  if (fileDiff.diff !== undefined)
    return <DiffView diff={fileDiff.diff} path={path} testId={testId} {...(note ? { note } : {})} />;
  return (
    <p className="diff-view diff-summary" data-testid={testId} data-omitted={fileDiff.omitted}>
      {fileDiffSummary({ ...fileDiff, path, omitted: undefined })}
      {fileDiff.omitted && <span className="muted"> — {OMITTED_WORDS[fileDiff.omitted]}</span>}
    </p>
  );
}
