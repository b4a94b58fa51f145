import { fileDiffSummary } from '../../src-shared/diffText';
import type { AgentEvent } from '../../src-shared/agentEvents';
import type { AgentEventListener } from '../agent/events';
import { eventOutcome, toolCallView } from '../agent/toolCards';
import { usageText } from '../../src-shared/usageText';
import { writeLine } from './args';
import { LiveOutput } from './liveOutput';

const TAIL_LINES = 5;

export interface ActivityOptions {
  /** A TTY prompt shows each approval request in full; a summary line first would say it twice. */
  prompting?: boolean;
  /** Output of a running command is shown line by line as it arrives, not as a tail at its end. */
  live?: boolean;
}

/** Prints tool activity, approvals and sub-agents to stderr, one line each (plus an output tail). */
export function activityPrinter(
  stderr: NodeJS.WritableStream,
  options: ActivityOptions = {},
): AgentEventListener {
  const streams = new LiveOutput(stderr);
  return (event: AgentEvent) => {
    const indent = '  '.repeat(event.depth);
    switch (event.type) {
      case 'turn_started':
        if (event.depth > 0)
          writeLine(stderr, `${'  '.repeat(event.depth - 1)}👥 sub-agent: ${event.prompt}`);
        return;
      case 'tool_started':
        writeLine(stderr, `${indent}${event.emoji} ${event.name}: ${event.argsPreview}`);
        return;
      case 'tool_output':
        if (options.live) streams.write(event.toolCallId, `${indent}  `, event.chunk);
        return;
      case 'tool_finished': {
        const streamed = streams.end(event.toolCallId);
        for (const line of finishedLines(event, { tail: !streamed })) writeLine(stderr, `${indent}  ${line}`);
        return;
      }
      case 'approval_requested':
        if (!options.prompting)
          writeLine(stderr, `${indent}⚠️  approval needed: ${event.command} (${event.reasons.join('; ')})`);
        return;
      case 'approval_resolved':
        writeLine(stderr, `${indent}  → ${event.decision} (${event.decidedBy})`);
        return;
      case 'turn_finished':
        if (event.status === 'error')
          writeLine(stderr, `${indent}caduceus: error: ${event.error ?? 'unknown'}`);
        if (event.usage && event.depth === 0)
          writeLine(
            stderr,
            `tokens: ${usageText(event.usage.turn)} this turn; ${usageText(event.usage.session)} this session`,
          );
        return;
      default:
        return;
    }
  };
}

type Finished = Extract<AgentEvent, { type: 'tool_finished' }>;

/** `✗ terminal (exit 1, 0.3s)`, then the last lines of output, an error, or a refusal in words. */
export function finishedLines(event: Finished, show: { tail: boolean } = { tail: true }): string[] {
  const card = toolCallView({
    id: event.toolCallId,
    name: event.name,
    emoji: '',
    args: '',
    taskId: event.sessionId,
    startedAt: 0,
    run: event.status,
    ...eventOutcome(event),
    result: event.result ?? event.resultPreview,
  });
  const waited = event.waitMs ? `, waited ${(event.waitMs / 1000).toFixed(1)}s for you` : '';
  const seconds = `${(event.durationMs / 1000).toFixed(1)}s${waited}`;
  const exit = card.exitCode != null ? `exit ${card.exitCode}, ` : '';
  const halted = card.status === 'stopped' || card.status === 'interrupted';
  const failed = card.status !== 'ok' && !halted;
  const mark = halted ? '⊘' : failed ? '✗' : '✓';
  const head = `${mark} ${event.name} (${exit}${seconds})`;
  if (card.refusal) {
    const { title, reason, rule, advice } = card.refusal;
    return [`${head} ${title}.`, `  ${reason}${rule ? ` Rule: ${rule}.` : ''}`, `  ${advice}`];
  }
  const lines = [head];
  // A file write's change in one line: the diff itself is for the app and the export.
  if (card.fileDiff) lines.push(`  ${fileDiffSummary(card.fileDiff)}`);
  if (card.outputText && show.tail) lines.push(...tail(card.outputText));
  if (card.errorText) lines.push(`  ${card.errorText}`);
  else if (failed && !card.outputText && event.status === 'error') lines.push(`  ${event.resultPreview}`);
  return lines;
}

/** The output's last lines, with how many came before. */
function tail(text: string): string[] {
  const lines = text.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  const shown = lines.slice(-TAIL_LINES).map((line) => `│ ${line}`);
  const hidden = lines.length - shown.length;
  return hidden > 0 ? [`│ … ${hidden} earlier line${hidden === 1 ? '' : 's'}`, ...shown] : shown;
}
