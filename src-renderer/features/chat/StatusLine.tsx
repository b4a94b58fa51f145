import { useApprovals } from '../approvals/approvalsStore';
import { useChat } from './chatStore';
import { IconButton } from '../../ui/IconButton';
import { Spinner } from '../../ui/Spinner';

const TEXT = {
  idle: '',
  sending: 'Sending…',
  running: 'Working…',
  cancelling: 'Stopping…',
} as const;

/** Always rendered at a fixed height, so the composer never jumps; read out politely. */
export function StatusLine() {
  const status = useChat((s) => s.status);
  const waitingForAnswer = useChat((s) => s.clarify !== undefined);
  const sessionId = useChat((s) => s.sessionId);
  const waitingForApproval = useApprovals((s) => s.pending.some((r) => r.sessionId === sessionId));
  const lastError = useChat((s) => s.lastError);
  const queued = useChat((s) => s.queued);
  const dismiss = useChat((s) => s.dismissError);
  return (
    <div className="status-line" data-testid="chat-status" data-status={status}>
      <span role="status" aria-live="polite">
        {status !== 'idle' && <Spinner />}{' '}
        {status === 'running' && queued !== undefined
          ? `Queued: ${queued} other ${queued === 1 ? 'chat is' : 'chats are'} working; this one starts when one finishes.`
          : status === 'running' && waitingForApproval
            ? 'Waiting for your approval…'
            : status === 'running' && waitingForAnswer
              ? 'Waiting for your answer…'
              : TEXT[status]}
      </span>
      {lastError && (
        <span role="alert" className="status-line-error" data-testid="chat-error">
          {lastError}
          <IconButton icon="close" label="Dismiss error" onClick={dismiss} />
        </span>
      )}
    </div>
  );
}
