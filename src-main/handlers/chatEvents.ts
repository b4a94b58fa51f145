import { randomUUID } from 'node:crypto';
import { TURN_ENDS, type AgentEvent } from '../../src-shared/agentEvents';
import type { ChatEvent, ChatMessage } from '../../src-shared/ipc/chatSchemas';
import { eventOutcome, finishedDetails, toolCallView, type ToolCallFacts } from '../agent/toolCards';

type Of<T extends AgentEvent['type']> = Extract<AgentEvent, { type: T }>;

/** The session's stored messages now: how many, and the last one (`SessionStore.messageTail`). */
export type StoredTail = () => { count: number; last?: { role: string; toolCalls: boolean } };

/**
 * Turns one turn's agent events into the chat events the UI draws. The fields they share are
 * declared once (`src-shared/agentEvents.ts`); what is added here is what the agent does not
 * repeat: which assistant message a tool call belongs to, and what each call was.
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
    /**
     * Read when a live message's place in the store is known, so the page can match the stored
     * ids that `sessions.get` and find hits use (`storedId`); without it messages carry none.
     */
    private readonly tail?: StoredTail,
  ) {}

  map(event: AgentEvent): ChatEvent[] {
    const base = { sessionId: this.sessionId, turnId: this.turnId };
    // A call abandoned by Stop may still report (late output); the UI must not see the
    // finished turn come back to life.
    if (event.depth > 0 || this.finished) return [];
    switch (event.type) {
      case 'turn_started':
        // The agent stores the prompt right after announcing it: it takes the next place.
        return [
          {
            type: 'turn.started',
            ...base,
            userMessage: message(
              'user',
              event.prompt,
              undefined,
              this.storedId((tail) => tail.count),
            ),
          },
        ];
      case 'assistant_delta':
        return [
          { type: 'assistant.delta', ...base, messageId: this.textMessage(event.text), text: event.text },
        ];
      case 'tool_started':
        return [
          {
            type: 'tool.started',
            ...base,
            messageId: this.messageId,
            call: this.started(event),
            // The message that made the calls is stored before they run, and is the last one.
            ...optional('storedMessageId', this.storedId(lastIf(true))),
          },
        ];
      case 'tool_output': {
        const { toolCallId, chunk } = event;
        // One live path per call: the flow-controlled terminal stream when there is one.
        return this.streamed(toolCallId) ? [] : [{ type: 'tool.output', ...base, toolCallId, chunk }];
      }
      case 'tool_finished':
        return [{ type: 'tool.finished', ...base, ...this.finishedCall(event) }];
      case 'clarify_requested': {
        const { requestId: id, question, choices } = event;
        return [{ type: 'clarify.requested', ...base, id, question, choices }];
      }
      case 'approval_requested':
      case 'approval_resolved':
      case 'clarify_resolved':
        // Approvals reach the page as their own contract events; an answer is the page's own.
        return [];
      case 'turn_finished':
        return this.turnFinished(event, base);
    }
  }

  /** The message streamed text belongs to: a new one after tool calls. */
  private textMessage(text: string): string {
    if (this.afterTools) {
      this.messageId = randomUUID();
      this.afterTools = false;
      this.shown = '';
    }
    this.shown += text;
    return this.messageId;
  }

  private started(event: Of<'tool_started'>) {
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
    return toolCallView(facts);
  }

  private finishedCall(event: Of<'tool_finished'>) {
    const started = this.calls.get(event.toolCallId);
    const time = { durationMs: event.durationMs, ...(event.waitMs ? { waitMs: event.waitMs } : {}) };
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
      ...time,
      result: event.result ?? event.resultPreview,
    });
    return {
      toolCallId: event.toolCallId,
      status: view.status === 'running' ? ('error' as const) : view.status,
      ...time,
      result: view.result ?? '',
      details: finishedDetails(view),
    };
  }

  /** The answer (unless already shown under tool calls), then the end. */
  private turnFinished(event: Of<'turn_finished'>, base: { sessionId: string; turnId: string }): ChatEvent[] {
    this.finished = true;
    const end: ChatEvent = {
      type: 'turn.finished',
      ...base,
      status: TURN_ENDS[event.status],
      ...(event.error ? { error: event.error } : {}),
      ...(event.usage ? { usage: event.usage } : {}),
    };
    // After tool calls the current message holds their cards: replacing it would drop
    // them. A text not shown yet becomes a message of its own.
    if (this.afterTools) {
      if (!event.text || event.text === this.shown) return [end];
      this.messageId = randomUUID();
    }
    // The answer is stored last when the model gave it (not after a failure, or a stop between calls).
    const storedId = this.storedId(lastIf(false));
    return [
      {
        type: 'assistant.message',
        ...base,
        message: message('assistant', event.text, this.messageId, storedId),
      },
      end,
    ];
  }

  /** The stored id of the place `where` picks in the store (-1: none). */
  private storedId(where: (tail: ReturnType<StoredTail>) => number): string | undefined {
    const index = this.tail ? where(this.tail()) : -1;
    return index < 0 ? undefined : `${this.sessionId}:${index}`;
  }
}

function message(
  role: 'user' | 'assistant',
  content: string,
  id = randomUUID(),
  storedId?: string,
): ChatMessage {
  return { id, role, content, toolCalls: [], createdAt: Date.now(), ...optional('storedId', storedId) };
}

/** The last stored message's place when it is the model's, with tool calls or without. */
function lastIf(toolCalls: boolean) {
  return (tail: ReturnType<StoredTail>) =>
    tail.last?.role === 'assistant' && tail.last.toolCalls === toolCalls ? tail.count - 1 : -1;
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}
