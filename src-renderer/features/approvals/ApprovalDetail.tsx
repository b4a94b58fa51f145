import type { ApprovalRequest } from '../../../src-shared/ipc/schemas';

/** A skill or memory change is words, not a command to run. */
export const isChange = (request: ApprovalRequest): boolean =>
  request.subjectKind !== undefined && request.subjectKind !== 'command';

/** What a change writes (the content, a diff, what a delete removes), diff lines marked. */
export function ApprovalDetail({ request }: { request: ApprovalRequest }) {
  if (request.detail === undefined) return null;
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
