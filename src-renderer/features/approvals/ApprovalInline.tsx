import type { ApprovalRequest } from '../../../src-shared/ipc/schemas';
import { useApprovals } from './approvalsStore';
import { ApprovalDetail, subjectText } from './ApprovalDetail';
import { APPROVAL_CHOICES } from '../../../src-shared/approvalChoices';
import './approvals.css';

/** A pending approval on its tool card; answers the same request as the dialog. */
export function ApprovalInline({ request }: { request: ApprovalRequest }) {
  const answering = useApprovals((s) => s.answering[request.id]);
  const respond = useApprovals((s) => s.respond);
  return (
    <div className="approval-inline" data-testid="approval-inline" role="group" aria-label="Approval needed">
      <div className="approval-inline-text">
        <strong>Needs your approval</strong>
        {request.reasons.length > 0 && <span className="muted"> — {request.reasons.join('; ')}</span>}
      </div>
      <code className="approval-inline-command">{subjectText(request)}</code>
      {request.writesTo !== undefined && <ApprovalDetail request={request} />}
      {request.detail !== undefined && request.writesTo === undefined && (
        <details className="approval-inline-detail">
          <summary>What it writes</summary>
          <ApprovalDetail request={request} />
        </details>
      )}
      <div className="approval-inline-buttons">
        {APPROVAL_CHOICES.map(({ choice, short, label }) => (
          <button
            key={choice}
            type="button"
            className={choice === 'deny' ? 'danger' : undefined}
            data-testid={`approval-inline-${choice}`}
            aria-label={label}
            disabled={answering !== undefined}
            onClick={() => void respond(request.id, choice)}
          >
            {short}
          </button>
        ))}
      </div>
    </div>
  );
}
