import type { ApprovalRequest } from '../../../src-shared/ipc/schemas';
import { DiffView } from '../diff/lazyDiffView';

/** A skill or memory change is words, not a command to run. */
export const isChange = (request: ApprovalRequest): boolean =>
  request.subjectKind !== undefined && request.subjectKind !== 'command';

/** What is asked about: a file tool's write by its path (not the `tee` it was judged as), else the command. */
export const subjectText = (request: ApprovalRequest): string =>
  request.writesTo !== undefined ? `Write to ${request.writesTo}` : request.command;

/** What a change writes (the content, a diff, what a delete removes), diff lines marked. */
export function ApprovalDetail({ request }: { request: ApprovalRequest }) {
  if (request.detail === undefined) return null;
  if (request.writesTo !== undefined)
    return <ApprovalWriteDiff path={request.writesTo} detail={request.detail} />;
  const lines = request.detail.replace(/\n$/, '').split('\n');
  const diff = lines.some((l) => l.startsWith('@@ '));
  return (
    <pre className="approval-detail" data-testid="approval-detail" aria-label="What it writes">
      {lines.map((line, i) => (
        <span key={i} className={diff ? diffClass(line) : undefined}>
          {line}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}

function diffClass(line: string): string | undefined {
  if (line.startsWith('+++') || line.startsWith('---')) return 'approval-detail-file';
  if (line.startsWith('+')) return 'approval-detail-added';
  if (line.startsWith('-')) return 'approval-detail-removed';
  return undefined;
}

/** A file write's diff; a write too large to show has a one-line summary instead. */
function ApprovalWriteDiff({ path, detail }: { path: string; detail: string }) {
  if (detail.includes('\n@@ ') || detail.startsWith('@@ '))
    return <DiffView diff={detail} path={path} testId="approval-diff" />;
  return (
    <p className="approval-detail" data-testid="approval-diff">
      {detail}
    </p>
  );
}
