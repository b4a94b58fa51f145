import { useRef } from 'react';
import { hasNativeBridge } from '../../api/client';
import { useApprovals } from './approvalsStore';
import { useChat } from '../chat/chatStore';
import { useSessions } from '../sessions/sessionsStore';
import { Modal } from '../../ui/Modal';
import { ApprovalBatchSheet } from './ApprovalBatchSheet';
import { ApprovalDetail, isChange, subjectText } from './ApprovalDetail';
import { APPROVAL_CHOICES } from '../../../src-shared/approvalChoices';
import { ApprovalOrigin } from './ApprovalOrigin';
import { CommandSegments } from './CommandSegments';
import { DenyWithReason } from './DenyWithReason';
import './approvals.css';

/**
 * Browser mode's approval dialog (Electron raises a native one). One request at a time, oldest
 * first; focus starts on Deny, Escape denies, Enter answers with the focused button.
 */
export function ApprovalDialog() {
  const all = useApprovals((s) => s.pending);
  const current = useChat((s) => s.sessionId);
  const listed = useSessions((s) => s.sessions);
  // Another listed session's request does not cover this chat: its row and the banner show it,
  // until it is opened. A new chat with nothing of its own shows whichever waits; a delegated
  // child's (not listed) shows as its parent's.
  const pending =
    current === undefined
      ? all
      : all.filter((r) => r.sessionId === current || !listed.some((s) => s.id === r.sessionId));
  const request = pending[0];
  const count = pending.length;
  if (hasNativeBridge() || !request) return null;
  const batch = request.batchId ? pending.filter((r) => r.batchId === request.batchId) : [];
  if (batch.length > 1) return <ApprovalBatchSheet key={request.batchId} requests={batch} />;
  // Keyed by id so a new request gets a fresh dialog, with focus back on Deny.
  return <ApprovalDialogFor key={request.id} id={request.id} count={count} />;
}

function ApprovalDialogFor({ id, count }: { id: string; count: number }) {
  const request = useApprovals((s) => s.pending.find((r) => r.id === id));
  const answering = useApprovals((s) => s.answering[id]);
  const respond = useApprovals((s) => s.respond);
  const deny = useRef<HTMLButtonElement>(null);
  if (!request) return null;

  const answer = (choice: (typeof APPROVAL_CHOICES)[number]['choice']) => {
    if (answering === undefined) void respond(id, choice);
  };
  const hardline = request.verdict === 'hardline';
  return (
    <Modal
      role="alertdialog"
      title={
        hardline
          ? 'Blocked command'
          : request.writesTo !== undefined
            ? 'Allow this write?'
            : isChange(request)
              ? 'Allow this change?'
              : 'Allow this command?'
      }
      onEscape={() => answer('deny')}
      initialFocus={deny}
      testId="approval-dialog"
      className="approval-dialog"
      describedBy={`approval-reasons-${id}`}
    >
      {count > 1 && <p className="muted approval-queue">1 of {count} waiting</p>}
      <ApprovalOrigin request={request} />
      <pre className="approval-command" data-testid="approval-command">
        {subjectText(request)}
      </pre>
      <ApprovalDetail request={request} />
      <div id={`approval-reasons-${id}`}>
        <h3>Why it needs approval</h3>
        <ul className="approval-reasons">
          {request.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
        <CommandSegments segments={request.segments} />
      </div>
      <p className="approval-always">
        <strong>Always allow</strong> stores{' '}
        {request.alwaysKeys.length > 0 ? (
          request.alwaysKeys.map((key) => (
            <code key={key} className="approval-key">
              {key}
            </code>
          ))
        ) : (
          <span className="muted">nothing (it cannot be allowed permanently)</span>
        )}{' '}
        in the permanent allowlist.
      </p>
      <div className="approval-buttons">
        {APPROVAL_CHOICES.map(({ choice, label }) => (
          <button
            key={choice}
            ref={choice === 'deny' ? deny : undefined}
            type="button"
            className={choice === 'deny' ? 'danger' : choice === 'once' ? 'primary' : undefined}
            data-testid={`approval-${choice}`}
            disabled={
              answering !== undefined ||
              (hardline && choice !== 'deny') ||
              (choice === 'always' && request.alwaysKeys.length === 0)
            }
            onClick={() => answer(choice)}
          >
            {label}
          </button>
        ))}
      </div>
      <DenyWithReason disabled={answering !== undefined} onDeny={(note) => void respond(id, 'deny', note)} />
      <p className="muted approval-hint">Escape denies</p>
    </Modal>
  );
}
