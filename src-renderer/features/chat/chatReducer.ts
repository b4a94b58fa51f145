import type {
  ChatEvent,
  ChatMessage,
  SessionDetail,
  ToolCallView,
} from '../../../src-shared/ipc/chatSchemas';
import type { TurnEnd } from '../../../src-shared/agentEvents';
import type { UsageTotals } from '../../../src-shared/usage';

/** Live output kept per tool call in the chat; the terminal pane shows the full stream. */
export const MAX_TOOL_OUTPUT_CHARS = 20_000;

export interface MessageView {
  id: string;
  role: ChatMessage['role'];
  content: string;
  toolCallIds: string[];
  createdAt: number;
}

export interface ToolCallState extends ToolCallView {
  /** Output streamed while the call runs (its terminal stream or tool.output), tail-capped. */
  output: string;
}

export interface ClarifyPrompt {
  id: string;
  question: string;
  choices: string[];
}

export type ChatStatus = 'idle' | 'sending' | 'running' | 'cancelling';

export interface ChatData {
  sessionId: string | undefined;
  turnId: string | undefined;
  /** The turn that ended last: its late events must not make the chat busy again. */
  finishedTurnId: string | undefined;
  status: ChatStatus;
  order: string[];
  messages: Record<string, MessageView>;
  toolCalls: Record<string, ToolCallState>;
  clarify: ClarifyPrompt | undefined;
  lastError: string | undefined;
  /** The folder the chat works in: a stored session's own, or the one chosen for a new chat. */
  workspace: string | undefined;
  /** Why the folder typed for a new chat cannot be used; sending waits until it is fixed. */
  workspaceError: string | undefined;
  /** Tokens (and cost) of the last turn that reported any, and of the session. */
  usage: UsageTotals | undefined;
  /** The turn waits for a slot: how many sessions' turns run (`sessions.max_concurrent_turns`). */
  queued: number | undefined;
  /** Live messages by the stored id `sessions.get` and find hits give them (`storedId`). */
  storedIds: Record<string, string>;
}

export function emptyChat(): ChatData {
  return {
    sessionId: undefined,
    turnId: undefined,
    finishedTurnId: undefined,
    status: 'idle',
    order: [],
    messages: {},
    toolCalls: {},
    clarify: undefined,
    lastError: undefined,
    workspace: undefined,
    workspaceError: undefined,
    usage: undefined,
    queued: undefined,
    storedIds: {},
  };
}

export function chatFromSession(detail: SessionDetail): ChatData {
  const chat: ChatData = {
    ...emptyChat(),
    sessionId: detail.id,
    workspace: detail.workspace,
    usage: detail.usage,
  };
  // Opened (or reloaded) while its turn runs: Stop is offered until the turn's end arrives.
  if (detail.running) chat.status = 'running';
  for (const message of detail.messages) {
    chat.order.push(message.id);
    chat.messages[message.id] = toView(message);
    for (const call of message.toolCalls) chat.toolCalls[call.id] = { ...call, output: '' };
  }
  return chat;
}

function toView(message: ChatMessage): MessageView {
  const { toolCalls, storedId: _stored, ...rest } = message;
  return { ...rest, toolCallIds: toolCalls.map((c) => c.id) };
}

/** Remembers that the stored message `storedId` is shown as the live message `id`. */
function withStoredId(state: ChatData, storedId: string | undefined, id: string): ChatData {
  if (storedId === undefined || state.storedIds[storedId] === id) return state;
  return { ...state, storedIds: { ...state.storedIds, [storedId]: id } };
}

function withMessage(state: ChatData, id: string, change: (m: MessageView) => MessageView): ChatData {
  const existing = state.messages[id];
  const base = existing ?? { id, role: 'assistant', content: '', toolCallIds: [], createdAt: Date.now() };
  return {
    ...state,
    order: existing ? state.order : [...state.order, id],
    messages: { ...state.messages, [id]: change(base) },
  };
}

function withCall(state: ChatData, id: string, change: (c: ToolCallState) => ToolCallState): ChatData {
  const call = state.toolCalls[id];
  return call ? { ...state, toolCalls: { ...state.toolCalls, [id]: change(call) } } : state;
}

/** Live output of a running call, from its terminal stream or (tools without one) `tool.output`. */
export function appendToolOutput(state: ChatData, id: string, chunk: string): ChatData {
  return withCall(state, id, (c) => ({ ...c, output: (c.output + chunk).slice(-MAX_TOOL_OUTPUT_CHARS) }));
}

/** A call a finished event already settled is not set back to running by a later snapshot. */
function mergeCall(existing: ToolCallState | undefined, incoming: ToolCallView): ToolCallState {
  if (existing && existing.status !== 'running' && incoming.status === 'running') return existing;
  return { ...existing, ...incoming, output: existing?.output ?? '' };
}

/** Applies one chat event to the open chat; events of other sessions leave it unchanged. */
export function applyChatEvent(state: ChatData, event: ChatEvent): ChatData {
  if (state.sessionId === undefined) {
    // A new chat adopts the session its own send created (the event may beat the reply).
    if (state.status !== 'sending') return state;
    state = { ...state, sessionId: event.sessionId };
  } else if (event.sessionId !== state.sessionId) return state;
  if (event.turnId === state.finishedTurnId) return state;
  // Output of a turn whose start this window missed (reconnect, another window) means it runs.
  if (
    state.status === 'idle' &&
    event.type !== 'turn.finished' &&
    event.type !== 'turn.started' &&
    event.type !== 'turn.queued'
  )
    state = { ...state, status: 'running', turnId: event.turnId };

  switch (event.type) {
    case 'turn.queued':
      return { ...state, turnId: event.turnId, status: 'running', queued: event.running };
    case 'turn.started': {
      const next = withStoredId(
        withMessage(state, event.userMessage.id, () => toView(event.userMessage)),
        event.userMessage.storedId,
        event.userMessage.id,
      );
      return { ...next, turnId: event.turnId, status: 'running', lastError: undefined, queued: undefined };
    }
    case 'assistant.delta':
      return withMessage(state, event.messageId, (m) => ({ ...m, content: m.content + event.text }));
    case 'assistant.message': {
      const next = withStoredId(
        withMessage(state, event.message.id, () => toView(event.message)),
        event.message.storedId,
        event.message.id,
      );
      const toolCalls = { ...next.toolCalls };
      for (const call of event.message.toolCalls) toolCalls[call.id] = mergeCall(toolCalls[call.id], call);
      return { ...next, toolCalls };
    }
    case 'tool.started': {
      const next = withStoredId(
        withMessage(state, event.messageId, (m) =>
          m.toolCallIds.includes(event.call.id)
            ? m
            : { ...m, toolCallIds: [...m.toolCallIds, event.call.id] },
        ),
        event.storedMessageId,
        event.messageId,
      );
      const call = mergeCall(next.toolCalls[event.call.id], event.call);
      return { ...next, toolCalls: { ...next.toolCalls, [call.id]: call } };
    }
    case 'tool.output':
      return appendToolOutput(state, event.toolCallId, event.chunk);
    case 'tool.finished':
      return withCall(state, event.toolCallId, (c) => ({
        ...c,
        status: event.status,
        durationMs: event.durationMs,
        ...(event.waitMs ? { waitMs: event.waitMs } : {}),
        result: event.result,
        ...event.details,
      }));
    case 'clarify.requested':
      return { ...state, clarify: { id: event.id, question: event.question, choices: event.choices ?? [] } };
    case 'turn.finished':
      return {
        ...finishTurn(state, event.status, event.error),
        finishedTurnId: event.turnId,
        ...(event.usage ? { usage: event.usage } : {}),
      };
  }
}

function finishTurn(state: ChatData, status: TurnEnd, error?: string): ChatData {
  // Calls the turn left running will not report again: settle them so nothing spins forever.
  const toolCalls = { ...state.toolCalls };
  const now = Date.now();
  const settled = status === 'cancelled' ? 'stopped' : 'error';
  for (const call of Object.values(toolCalls))
    if (call.status === 'running')
      toolCalls[call.id] = { ...call, status: settled, durationMs: now - call.startedAt };
  const lastError = status === 'error' ? (error ?? 'The turn failed.') : undefined;
  return {
    ...state,
    toolCalls,
    status: 'idle',
    turnId: undefined,
    clarify: undefined,
    lastError,
    queued: undefined,
  };
}
