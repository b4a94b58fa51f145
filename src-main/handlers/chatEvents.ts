import { randomUUID } from 'node:crypto';
import type { AgentEvent } from '../../src-shared/agentEvents';
import type { ChatEvent, ToolCallStatus } from '../../src-shared/ipc/chatSchemas';

/**
 * Turns one turn's agent events into the chat events the UI draws. Keeps what the agent does
 * not repeat: which assistant message a tool call belongs to, and which calls a person denied.
 */
export class ChatEventMapper {
  private messageId = randomUUID();
  private afterTools = false;
  private finished = false;
  /** Text streamed into the current message. */
  private shown = '';
  private readonly askedFor = new Map<string, string>();
  private readonly denied = new Set<string>();
  private readonly startedAt = new Map<string, number>();

  constructor(
    readonly sessionId: string,
    readonly turnId: string,
  ) {}

  map(event: AgentEvent): ChatEvent[] {
    const base = { sessionId: this.sessionId, turnId: this.turnId };
    // A call abandoned by Stop may still report (late output); the UI must not see the
    // finished turn come back to life.
    if (event.depth > 0 || this.finished) return [];
    switch (event.type) {
      case 'turn_started':
        return [
          {
            type: 'turn.started',
            ...base,
            userMessage: {
              id: randomUUID(),
              role: 'user',
              content: event.prompt,
              toolCalls: [],
              createdAt: Date.now(),
            },
          },
        ];
      case 'assistant_delta':
        if (this.afterTools) {
          this.messageId = randomUUID();
          this.afterTools = false;
          this.shown = '';
        }
        this.shown += event.text;
        return [{ type: 'assistant.delta', ...base, messageId: this.messageId, text: event.text }];
      case 'tool_started': {
        const now = Date.now();
        this.startedAt.set(event.toolCallId, now);
        this.afterTools = true;
        return [
          {
            type: 'tool.started',
            ...base,
            messageId: this.messageId,
            call: {
              id: event.toolCallId,
              name: event.name,
              emoji: event.emoji,
              args: event.argsPreview,
              argsPreview: event.argsPreview,
              taskId: this.sessionId,
              status: 'running',
              startedAt: now,
            },
          },
        ];
      }
      case 'tool_output':
        return [{ type: 'tool.output', ...base, toolCallId: event.toolCallId, chunk: event.chunk }];
      case 'tool_finished':
        return [
          {
            type: 'tool.finished',
            ...base,
            toolCallId: event.toolCallId,
            status: this.statusOf(event.toolCallId, event.status, event.approval),
            durationMs: event.durationMs,
            result: event.resultPreview,
          },
        ];
      case 'approval_requested':
        if (event.toolCallId) this.askedFor.set(event.requestId, event.toolCallId);
        return [];
      case 'approval_resolved': {
        const call = this.askedFor.get(event.requestId);
        if (call && (event.decision === 'deny' || event.decision === 'timeout')) this.denied.add(call);
        return [];
      }
      case 'clarify_requested':
        return [
          {
            type: 'clarify.requested',
            ...base,
            id: event.requestId,
            question: event.question,
            choices: event.choices,
          },
        ];
      case 'clarify_resolved':
        return [];
      case 'turn_finished': {
        this.finished = true;
        const status =
          event.status === 'cancelled' ? 'cancelled' : event.status === 'error' ? 'error' : 'done';
        const turnFinished: ChatEvent = {
          type: 'turn.finished',
          ...base,
          status,
          ...(event.error ? { error: event.error } : {}),
        };
        // After tool calls the current message holds their cards: replacing it would drop
        // them. A text not shown yet becomes a message of its own.
        if (this.afterTools) {
          if (!event.text || event.text === this.shown) return [turnFinished];
          this.messageId = randomUUID();
        }
        return [
          {
            type: 'assistant.message',
            ...base,
            message: {
              id: this.messageId,
              role: 'assistant',
              content: event.text,
              toolCalls: [],
              createdAt: Date.now(),
            },
          },
          turnFinished,
        ];
      }
    }
  }

  private statusOf(
    callId: string,
    status: 'ok' | 'error' | 'cancelled',
    approval: 'blocked' | 'denied' | undefined,
  ): Exclude<ToolCallStatus, 'running'> {
    if (this.denied.has(callId)) return 'denied';
    // The approval gate marks refusals it made without asking (hardline, deny rules).
    if (approval) return approval;
    return status === 'cancelled' ? 'stopped' : status;
  }
}
