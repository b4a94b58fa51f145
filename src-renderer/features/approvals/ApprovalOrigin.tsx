import { useEffect, useState } from 'react';
import type { ApprovalRequest } from '../../../src-shared/ipc/schemas';
import { api, unwrap } from '../../api/client';
import { useChat } from '../chat/chatStore';
import { useSessionTitle } from '../sessions/sessionTitle';

/** The tool call's name: from the open chat, else read from the stored session. */
function useToolName(request: ApprovalRequest, current: boolean): string | undefined {
  const open = useChat((s) => (current ? s.toolCalls[request.toolCallId]?.name : undefined));
  const [stored, setStored] = useState<string | undefined>();
  useEffect(() => {
    if (current) return;
    let live = true;
    unwrap(api().sessionsGet({ id: request.sessionId }))
      .then((detail) => {
        const call = detail.messages.flatMap((m) => m.toolCalls).find((c) => c.id === request.toolCallId);
        if (live) setStored(call?.name);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [current, request.sessionId, request.toolCallId]);
  return open ?? stored;
}

/**
 * Which session and tool call asked, so an approval raised by a session in the background (or
 * one left pending across a reload) is not a command out of nowhere; and a way to open it.
 */
export function ApprovalOrigin({ request }: { request: ApprovalRequest }) {
  const current = useChat((s) => s.sessionId === request.sessionId);
  const title = useSessionTitle(request.sessionId);
  const openSession = useChat((s) => s.openSession);
  const tool = useToolName(request, current);
  return (
    <p className="approval-origin" data-testid="approval-origin">
      <span>
        Asked by {current ? 'this chat' : 'session'}{' '}
        <strong data-testid="approval-session-title" title={request.sessionId}>
          {title}
        </strong>{' '}
        in tool call <code data-testid="approval-tool">{tool ?? 'command'}</code>{' '}
        <span className="muted">({request.toolCallId})</span>
      </span>
      {!current && (
        <button
          type="button"
          data-testid="approval-open-session"
          onClick={() => void openSession(request.sessionId)}
        >
          Open this session
        </button>
      )}
    </p>
  );
}
