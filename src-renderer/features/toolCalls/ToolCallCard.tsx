import { memo, useId, useState } from 'react';
import { useApprovalFor } from '../../stores/approvalsStore';
import { useChat } from '../../stores/chatStore';
import { formatDuration, useNow } from '../../ui/useNow';
import { ApprovalInline } from '../approvals/ApprovalInline';
import { prettyJson, statusLabel } from './format';

/** One tool call: emoji (with a spinner while running), name, argument preview, time, status. */
export const ToolCallCard = memo(function ToolCallCard({ id }: { id: string }) {
  const call = useChat((s) => s.toolCalls[id]);
  const approval = useApprovalFor(id);
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const running = call?.status === 'running';
  const now = useNow(running);
  if (!call) return null;

  const elapsed = running ? now - call.startedAt : (call.durationMs ?? 0);
  const label = statusLabel(call.status);
  return (
    <article
      className={`tool-call status-${call.status}${approval ? ' awaiting' : ''}`}
      data-testid="tool-call"
      data-tool={call.name}
      data-status={call.status}
      data-call-id={call.id}
      data-awaiting={approval ? 'approval' : undefined}
      aria-label={`${call.name}: ${approval ? 'waiting for approval' : label}`}
    >
      <button
        type="button"
        className="tool-call-header"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="tool-emoji" data-testid="tool-emoji" aria-hidden="true">
          {call.emoji || '🔧'}
          {running && <span className="spinner tool-spinner" />}
        </span>
        <span className="tool-name">{call.name}</span>
        <span className="tool-preview" title={call.argsPreview}>
          {call.argsPreview}
        </span>
        <span className="tool-elapsed">{formatDuration(elapsed)}</span>
        <span className={`tool-status badge-${call.status}`}>{approval ? 'Approval' : label}</span>
      </button>
      {approval && <ApprovalInline request={approval} />}
      {open && (
        <div id={bodyId} className="tool-call-body">
          <h4>Arguments</h4>
          <pre className="tool-pre">{prettyJson(call.args)}</pre>
          {call.result === undefined && call.output && (
            <>
              <h4>Output so far</h4>
              <pre className="tool-pre">{call.output}</pre>
            </>
          )}
          {call.result !== undefined && (
            <>
              <h4>Result</h4>
              <pre className="tool-pre">{prettyJson(call.result)}</pre>
            </>
          )}
        </div>
      )}
    </article>
  );
});
