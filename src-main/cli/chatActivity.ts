import type { AgentEvent } from '../../src-shared/agentEvents';
import type { AgentEventListener } from '../agent/events';
import { writeLine } from './args';

const MARK = { ok: '✓', error: '✗', cancelled: '⊘' } as const;

/** Prints tool activity, approvals and sub-agents to stderr, one line each. */
export function activityPrinter(stderr: NodeJS.WritableStream): AgentEventListener {
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
      case 'tool_finished': {
        const detail = event.status === 'ok' ? '' : ` ${event.resultPreview}`;
        writeLine(
          stderr,
          `${indent}  ${MARK[event.status]} ${event.name} (${(event.durationMs / 1000).toFixed(1)}s)${detail}`,
        );
        return;
      }
      case 'approval_requested':
        writeLine(stderr, `${indent}⚠️  approval needed: ${event.command} (${event.reasons.join('; ')})`);
        return;
      case 'approval_resolved':
        writeLine(stderr, `${indent}  → ${event.decision} (${event.decidedBy})`);
        return;
      case 'turn_finished':
        if (event.status === 'error')
          writeLine(stderr, `${indent}caduceus: error: ${event.error ?? 'unknown'}`);
        return;
      default:
        return;
    }
  };
}
