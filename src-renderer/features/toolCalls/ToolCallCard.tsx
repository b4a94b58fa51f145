import { memo, useEffect, useId } from 'react';
import { useApprovalFor } from '../approvals/approvalsStore';
import { useChat } from '../chat/chatStore';
import { clockTickMs, formatDuration, formatRunning, useNow } from '../../ui/useNow';
import { ApprovalInline } from '../approvals/ApprovalInline';
import { MaskIcon } from '../../ui/Icon';
import { failedExit, toolCallLabel } from '../../../src-shared/toolCallLabel';
import type { FileDiff } from '../../../src-shared/fileDiff';
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
  const open = useOpenCards((s) => s.open[id] === true);
  const bodyId = useId();
  const running = call?.status === 'running';
  // Find-in-session: the card of a revealed hit opens, and shows where in its output the hit is.
  const revealed = useReveal((s) => (s.target?.toolCallId === id ? s.target.nonce : undefined));
  const found = useFind((s) => {
    const hit = currentHit(s);
    return hit?.toolCallId === id ? `${hit.field}:${hit.offset}:${hit.length}` : undefined;
  });
  if (!call) return null;

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
          {preview.tail ? (
            <>
              <span className="tool-preview-head">{preview.head}</span>
              <span className="tool-preview-tail">{preview.tail}</span>
            </>
          ) : (
            preview.head
          )}
        </span>
        <span className="tool-elapsed" data-testid="tool-elapsed">
          {running ? <RunningTime startedAt={call.startedAt} /> : formatDuration(call.durationMs ?? 0)}
          {!running && call.waitMs ? (
            <span className="tool-wait" data-testid="tool-wait" title="Time spent waiting for your answer">
              {` · waited ${formatDuration(call.waitMs)}`}
            </span>
          ) : null}
        </span>
        <span className={`tool-status badge-${call.status}`}>
          {statusIcon && <MaskIcon name={statusIcon} />}
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
      {call.fileDiff && !call.refusal && <ToolDiff fileDiff={call.fileDiff} />}
      {revealed !== undefined && <OpenOnReveal id={id} nonce={revealed} />}
      {open && <ToolCallBody call={call} id={bodyId} focus={outputFocus(found, revealed)} />}
    </article>
  );
});

/** A running call's time, ticking; finished cards show a fixed text and keep no timer. */
function RunningTime({ startedAt }: { startedAt: number }) {
  const now = useNow(true, clockTickMs(Date.now() - startedAt));
  return <>{formatRunning(now - startedAt)}</>;
}

/** Opens the card of a revealed find hit (only that card mounts this, so others run no effect). */
function OpenOnReveal({ id, nonce }: { id: string; nonce: number }) {
  useEffect(() => {
    useOpenCards.getState().setOpen(id, true);
  }, [id, nonce]);
  return null;
}

/** The call's file change, with paths shown relative to the session's workspace. */
function ToolDiff({ fileDiff }: { fileDiff: FileDiff }) {
  const workspace = useChat((s) => s.workspace);
  return (
    <div className="tool-diff">
      <FileDiffView fileDiff={fileDiff} testId="tool-diff" base={workspace} />
    </div>
  );
}

/** The current find hit as the output section marks it, when the hit is in the output. */
function outputFocus(found: string | undefined, nonce: number | undefined) {
  const [field, offset, length] = found?.split(':') ?? [];
  return field === 'output'
    ? { offset: Number(offset), length: Number(length), nonce: nonce ?? 0 }
    : undefined;
}
