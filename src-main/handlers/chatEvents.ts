import { randomUUID } from 'node:crypto';
import type { AgentEvent } from '../../src-shared/agentEvents';
import type { ChatEvent } from '../../src-shared/ipc/chatSchemas';
import { eventOutcome, finishedDetails, toolCallView, type ToolCallFacts } from '../agent/toolCards';

/**
 * Turns one turn's agent events into the chat events the UI draws. Keeps what the agent does
 * not repeat: which assistant message a tool call belongs to, and what each call was.
 */
export class ChatEventMapper {
  private messageId = randomUUID();
  private afterTools = false;
  private finished = false;
  /** Text streamed into the current message. */
  private shown = '';
  private readonly calls = new Map<string, ToolCallFacts>();

  constructor(
    readonly sessionId: string,
    readonly turnId: string,
    /** The call's output reaches the page as a terminal stream (`terminal.data`, by call id). */
    private readonly streamed: (toolCallId: string) => boolean = () => false,
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
        const facts: ToolCallFacts = {
          id: event.toolCallId,
          name: event.name,
          emoji: event.emoji,
          ...(event.icon ? { icon: event.icon } : {}),
          args: event.args ?? event.argsPreview,
          taskId: this.sessionId,
          startedAt: Date.now(),
          run: 'running',
          ...(event.batch ? { batch: event.batch } : {}),
        };
        this.calls.set(event.toolCallId, facts);
        this.afterTools = true;
        return [{ type: 'tool.started', ...base, messageId: this.messageId, call: toolCallView(facts) }];
      }
      case 'tool_output':
        // One live path per call: the flow-controlled terminal stream when there is one.
        if (this.streamed(event.toolCallId)) return [];
        return [{ type: 'tool.output', ...base, toolCallId: event.toolCallId, chunk: event.chunk }];
      case 'tool_finished': {
        const started = this.calls.get(event.toolCallId);
        const view = toolCallView({
          id: event.toolCallId,
          name: event.name,
          emoji: started?.emoji ?? '',
          ...(started?.icon ? { icon: started.icon } : {}),
          args: started?.args ?? '',
          taskId: this.sessionId,
          startedAt: started?.startedAt ?? Date.now(),
          run: event.status,
          ...eventOutcome(event),
          durationMs: event.durationMs,
          ...(event.waitMs ? { waitMs: event.waitMs } : {}),
          result: event.result ?? event.resultPreview,
        });
        return [
          {
            type: 'tool.finished',
            ...base,
            toolCallId: event.toolCallId,
            status: view.status === 'running' ? 'error' : view.status,
            durationMs: event.durationMs,
            ...(event.waitMs ? { waitMs: event.waitMs } : {}),
            result: view.result ?? '',
            details: finishedDetails(view),
          },
        ];
      }
      case 'approval_requested':
      case 'approval_resolved':
        return [];
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
          ...(event.usage ? { usage: event.usage } : {}),
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
}
