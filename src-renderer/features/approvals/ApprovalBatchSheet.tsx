import { useRef, useState } from 'react';
import type { ApprovalChoice, ApprovalRequest } from '../../../src-shared/ipc/schemas';
import { useApprovals } from './approvalsStore';
import { Modal } from '../../ui/Modal';
import { ApprovalDetail, subjectText } from './ApprovalDetail';
import { APPROVAL_CHOICES, approvalChoice } from '../../../src-shared/approvalChoices';
import { useSessionTitle } from '../sessions/sessionTitle';

/**
 * One sheet for the commands of one batch: each with its reasons and its own choice (Deny
 * until changed), plus Deny all and Allow all once. Escape denies all.
 */
export function ApprovalBatchSheet({ requests }: { requests: ApprovalRequest[] }) {
  const respond = useApprovals((s) => s.respond);
  const sessionName = useSessionTitle(requests[0]?.sessionId ?? '');
  const answering = useApprovals((s) => requests.some((r) => s.answering[r.id] !== undefined));
  const [choices, setChoices] = useState<Record<string, ApprovalChoice>>({});
  const denyAll = useRef<HTMLButtonElement>(null);

  const answer = (pick: (r: ApprovalRequest) => ApprovalChoice) => {
    if (answering) return;
    for (const r of requests) void respond(r.id, pick(r));
  };
  return (
    <Modal
      role="alertdialog"
      title={`Allow these ${requests.length} commands?`}
      onEscape={() => answer(() => 'deny')}
      initialFocus={denyAll}
      testId="approval-batch"
      className="approval-dialog approval-batch"
    >
      <p className="muted approval-queue">
        The agent wants to run them in one step. Choose for each, or answer them all at once.
      </p>
      <ol className="approval-batch-list">
        {requests.map((r, i) => (
          <li key={r.id} data-testid="approval-batch-item" data-id={r.id}>
            <pre className="approval-command" data-testid="approval-batch-command">
              {subjectText(r)}
            </pre>
            <ApprovalDetail request={r} />
            <ul className="approval-reasons" id={`approval-batch-reasons-${r.id}`}>
              {r.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
            <label className="approval-batch-choice">
              <span>Command {i + 1}:</span>
              <select
                data-testid="approval-batch-choice"
                aria-describedby={`approval-batch-reasons-${r.id}`}
                value={choices[r.id] ?? 'deny'}
                disabled={answering}
                onChange={(e) => setChoices({ ...choices, [r.id]: e.target.value as ApprovalChoice })}
              >
                {APPROVAL_CHOICES.map(({ choice, label }) => (
                  <option
                    key={choice}
                    value={choice}
                    disabled={choice === 'always' && r.alwaysKeys.length === 0}
                  >
                    {label}
                  </option>
                ))}
              </select>
            </label>
          </li>
        ))}
      </ol>
      <div className="approval-buttons">
        <button
          type="button"
          ref={denyAll}
          className="danger"
          data-testid="approval-batch-deny-all"
          disabled={answering}
          onClick={() => answer(() => 'deny')}
        >
          {approvalChoice('deny').all}
        </button>
        <button
          type="button"
          data-testid="approval-batch-allow-all"
          disabled={answering}
          onClick={() => answer(() => 'once')}
        >
          {approvalChoice('once').all}
        </button>
        <button
          type="button"
          className="primary"
          data-testid="approval-batch-apply"
          disabled={answering}
          onClick={() => answer((r) => choices[r.id] ?? 'deny')}
        >
          Answer each as chosen
        </button>
      </div>
      <p className="muted approval-hint">
        <span data-testid="approval-batch-session">{sessionName}</span> · Escape denies all
      </p>
    </Modal>
  );
}
