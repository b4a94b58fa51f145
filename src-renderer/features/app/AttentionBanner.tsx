import { useEffect } from 'react';
import { useApprovals } from '../approvals/approvalsStore';
import { useChat } from '../chat/chatStore';
import { useSessions } from '../sessions/sessionsStore';
import { waitingSessions, windowTitle } from './attention';

/**
 * Sessions out of view that wait for a person, each with a way there; the window title carries
 * how many sessions wait in all.
 */
export function AttentionBanner() {
  const pending = useApprovals((s) => s.pending);
  const sessions = useSessions((s) => s.sessions);
  const states = useSessions((s) => s.states);
  const current = useChat((s) => s.sessionId);
  const openSession = useChat((s) => s.openSession);
  const waiting = [
    ...waitingSessions(
      sessions,
      states,
      pending.map((r) => r.sessionId),
    ),
  ];
  const count = waiting.length;

  useEffect(() => {
    document.title = windowTitle(count);
  }, [count]);

  const elsewhere = waiting.filter((id) => id !== current);
  if (elsewhere.length === 0) return null;
  return (
    <div className="attention-banner" role="status" data-testid="attention-banner">
      {elsewhere.map((id) => {
        const title = sessions.find((s) => s.id === id)?.title ?? 'Another chat';
        const approval = pending.some((r) => r.sessionId === id);
        return (
          <span key={id} className="attention-item" data-session={id}>
            <span className="attention-dot" aria-hidden="true" /> <strong>{title}</strong>{' '}
            {approval ? 'waits for your approval.' : 'waits for you.'}
            <button
              type="button"
              className="link"
              data-testid="attention-open"
              onClick={() => void openSession(id)}
            >
              Open
            </button>
          </span>
        );
      })}
    </div>
  );
}
