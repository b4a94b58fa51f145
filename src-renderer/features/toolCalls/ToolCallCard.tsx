import { memo, useEffect, useId } from 'react';
import { useApprovalFor } from '../approvals/approvalsStore';
import { useChat } from '../chat/chatStore';
import { clockTickMs, formatDuration, formatRunning, useNow } from '../../ui/useNow';
import { ApprovalInline } from '../approvals/ApprovalInline';
import { Icon } from '../../ui/Icon';
import { failedExit, toolCallLabel } from '../../../src-shared/toolCalls';
import { previewParts, STATUS_ICONS } from './format';
import { FileDiffView } from '../diff/FileDiffView';
import { ToolCallBody } from './ToolCallBody';
import { ToolIcon } from './ToolIcon';
import { ToolRefusal } from './ToolRefusal';
import { useOpenCards } from './openCards';
import { useReveal } from '../chat/revealStore';
import { currentHit, useFind } from '../chat/findStore';

/** One tool call: icon (a spinner while running), name, argument preview, time, status. */
export const ToolCallCard = memo(function ToolCallCard({ id }: { id: string }) {
  const call = useChat((s) => s.toolCalls[id]);
  const approval = useApprovalFor(id);
  const workspace = useChat((s) => s.workspace);
  const open = useOpenCards((s) => s.open[id] === true);
  const bodyId = useId();
  const running = call?.status === 'running';
  const startedAt = call?.startedAt ?? 0;
  const now = useNow(running, clockTickMs(Date.now() - startedAt));
  // Find-in-session: the card of a revealed hit opens, and shows where in its output the hit is.
  const revealed = useReveal((s) => (s.target?.toolCallId === id ? s.target.nonce : undefined));
  const found = useFind((s) => {
    const hit = currentHit(s);
    return hit?.toolCallId === id ? `${hit.field}:${hit.offset}:${hit.length}` : undefined;
  });
  useEffect(() => {
    if (revealed !== undefined) useOpenCards.getState().setOpen(id, true);
  }, [revealed, id]);
  if (!call) return null;

  const elapsed = running ? now - call.startedAt : (call.durationMs ?? 0);
  const failed = failedExit(call);
  const label = toolCallLabel(call);
  const preview = previewParts(call.argsPreview);
  const statusIcon = approval ? undefined : STATUS_ICONS[call.status];
  return (
    <article
      className={`tool-call status-${call.status}${approval ? ' awaiting' : ''}${found ? ' find-target' : ''}`}
      data-testid="tool-call"
      data-tool={call.name}
      data-status={call.status}
      data-call-id={call.id}
      data-awaiting={approval ? 'approval' : undefined}
      aria-label={`${call.name}: ${approval ? 'waiting for approval' : label}${failed ? `, exit code ${call.exitCode}` : ''}`}
    >
      <button
        type="button"
        className="tool-call-header"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => useOpenCards.getState().toggle(id)}
      >
        <ToolIcon icon={call.icon} running={running} />
        <span className="tool-name">{call.name}</span>
        <span className={`tool-preview${preview.tail ? ' tool-preview-path' : ''}`} title={call.argsPreview}>
          <span className="tool-preview-head">{preview.head}</span>
          {preview.tail && <span className="tool-preview-tail">{preview.tail}</span>}
        </span>
        <span className="tool-elapsed" data-testid="tool-elapsed">
          {running ? formatRunning(elapsed) : formatDuration(elapsed)}
          {!running && call.waitMs ? (
            <span className="tool-wait" data-testid="tool-wait" title="Time spent waiting for your answer">
              {` · waited ${formatDuration(call.waitMs)}`}
            </span>
          ) : null}
        </span>
        <span className={`tool-status badge-${call.status}`}>
          {statusIcon && <Icon name={statusIcon} />}
          {approval ? 'Approval' : label}
          {failed && (
            <span className="tool-exit-code" data-testid="tool-exit-code">
              {` · exit ${call.exitCode}`}
            </span>
          )}
        </span>
      </button>
      {approval && <ApprovalInline request={approval} />}
      {call.refusal && <ToolRefusal refusal={call.refusal} />}
      {call.status === 'error' && call.errorText && !call.refusal && (
        <p className="tool-error" data-testid="tool-error">
          {call.errorText}
        </p>
      )}
      {call.fileDiff && !call.refusal && (
        <div className="tool-diff">
          <FileDiffView fileDiff={call.fileDiff} testId="tool-diff" base={workspace} />
        </div>
      )}
      {open && <ToolCallBody call={call} id={bodyId} focus={outputFocus(found, revealed)} />}
    </article>
  );
});

/** The current find hit as the output section marks it, when the hit is in the output. */
function outputFocus(found: string | undefined, nonce: number | undefined) {
  const [field, offset, length] = found?.split(':') ?? [];
  return field === 'output'
    ? { offset: Number(offset), length: Number(length), nonce: nonce ?? 0 }
    : undefined;
}
