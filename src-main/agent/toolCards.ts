import type { AgentEvent } from '../../src-shared/agentEvents';
import type { ToolCallDetails, ToolCallView } from '../../src-shared/ipc/chatSchemas';
import type { ChatMessage, ToolCallRecord } from '../../src-shared/sessions';
import type { StoredToolCallStatus } from '../../src-shared/toolCalls';
import { argsPreview } from './preview';
import type { SessionStore } from './sessions/store';
import type { LeanToolCallRecord } from './sessions/toolOutputsTable';
import { resultDetails, type RecordedOutcome } from './toolResultDetails';

/** What is known about one tool call, live or from the session store. */
export interface ToolCallFacts {
  id: string;
  name: string;
  emoji: string;
  icon?: string;
  /** The raw JSON arguments the model sent. */
  args: string;
  taskId: string;
  startedAt: number;
  run: StoredToolCallStatus;
  /**
   * What the call's outcome said (the live event's, or the stored row's); absent only for calls
   * stored before outcomes were, whose refusal and exit code are then read from the result.
   */
  recorded?: RecordedOutcome;
  durationMs?: number;
  /** Time spent waiting for a person, apart from durationMs. */
  waitMs?: number;
  /** The whole result the model received. */
  result?: string;
  /**
   * A stored result left unread, this many characters long: the card says so (`outputSize`) and
   * fetches it when opened. Its refusal, exit code and diff come from `recorded`.
   */
  unreadResultChars?: number;
  /** The error a result left unread names. */
  unreadErrorText?: string;
  /** The parallel batch the call ran in. */
  batch?: string | null;
}

/**
 * The one place a tool call becomes the card a person sees: live chat events, a reloaded
 * session, an exported one and the CLI's activity lines all read it, so they say the same.
 */
export function toolCallView(facts: ToolCallFacts): ToolCallView {
  const details =
    facts.result !== undefined
      ? resultDetails(facts.result, facts.recorded)
      : facts.unreadResultChars !== undefined
        ? unreadDetails(facts)
        : {};
  return {
    id: facts.id,
    name: facts.name,
    emoji: facts.emoji,
    ...(facts.icon ? { icon: facts.icon } : {}),
    args: facts.args,
    argsPreview: argsPreview(facts.args, 120),
    taskId: facts.taskId,
    status: statusOf(facts.run, details),
    startedAt: facts.startedAt,
    ...(facts.durationMs != null ? { durationMs: facts.durationMs } : {}),
    ...(facts.waitMs ? { waitMs: facts.waitMs } : {}),
    ...(facts.result != null ? { result: facts.result } : {}),
    ...(facts.batch ? { batch: facts.batch } : {}),
    ...(facts.unreadResultChars !== undefined ? { outputSize: facts.unreadResultChars } : {}),
    ...details,
  };
}

/** What a card shows of a result left unread: the recorded outcome, and the error it names. */
function unreadDetails(facts: ToolCallFacts): ToolCallDetails {
  const details = resultDetails('', facts.recorded);
  return facts.unreadErrorText && !details.refusal
    ? { ...details, errorText: facts.unreadErrorText }
    : details;
}

function statusOf(run: StoredToolCallStatus, details: ToolCallDetails): ToolCallView['status'] {
  if (run === 'running' || run === 'stopped' || run === 'interrupted') return run;
  if (details.refusal) return details.refusal.kind;
  // A command that ran and failed is a failure, though the tool itself worked.
  if (run === 'error' || (details.exitCode != null && details.exitCode !== 0)) return 'error';
  return 'ok';
}

/**
 * A finished event's outcome for its card: the facts the runner put on it, taken as they are. An
 * event that carries only the refusal's kind has that; one with neither is read like an old row.
 */
export function eventOutcome(
  event: Pick<Extract<AgentEvent, { type: 'tool_finished' }>, 'approval' | 'outcome'>,
): Pick<ToolCallFacts, 'recorded'> {
  if (event.outcome) return { recorded: event.outcome };
  return event.approval ? { recorded: { refusal: { kind: event.approval } } } : {};
}

/** The card fields a finished call adds to its started card. */
export function finishedDetails(view: ToolCallView): ToolCallDetails {
  const { exitCode, outputText, errorText, refusal, fileDiff } = view;
  return {
    ...(exitCode !== undefined ? { exitCode } : {}),
    ...(outputText !== undefined ? { outputText } : {}),
    ...(errorText !== undefined ? { errorText } : {}),
    ...(refusal ? { refusal } : {}),
    ...(fileDiff ? { fileDiff } : {}),
  };
}

/** Every tool call of a stored session as its card, by call id, in the order the model made them. */
export function storedToolCallViews(
  store: SessionStore,
  sessionId: string,
  emojiOf: (tool: string) => string = () => '',
  iconOf: (tool: string) => string | undefined = () => undefined,
): Map<string, ToolCallView> {
  return cardsOf(store, sessionId, store.toolCalls(sessionId), store.messages(sessionId), emojiOf, iconOf);
}

/**
 * The cards of a transcript: like `storedToolCallViews`, but a long result stays in the database
 * (the card fetches it when opened, `sessions.toolOutput`). `messages` are the session's own.
 */
export function storedToolCallCards(
  store: SessionStore,
  sessionId: string,
  messages: ChatMessage[],
  emojiOf: (tool: string) => string,
  iconOf?: (tool: string) => string | undefined,
): Map<string, ToolCallView> {
  store.interruptOrphans(sessionId);
  const cards = cardsOf(store, sessionId, store.toolOutputs.leanCalls(sessionId), messages, emojiOf, iconOf);
  for (const [id, card] of cards) cards.set(id, withoutShownResult(card));
  return cards;
}

/**
 * A card whose result it shows as output, an error or a refusal carries that text once: its
 * `result` is left empty (still there, so the card reads as finished). A long session's short
 * results were otherwise sent twice, a third of what opening it transferred.
 */
export function withoutShownResult(card: ToolCallView): ToolCallView {
  if (!card.result || (card.outputText === undefined && !card.errorText && !card.refusal)) return card;
  return { ...card, result: '' };
}

function cardsOf(
  store: SessionStore,
  sessionId: string,
  calls: (ToolCallRecord | LeanToolCallRecord)[],
  messages: ChatMessage[],
  emojiOf: (tool: string) => string,
  iconOf: (tool: string) => string | undefined = () => undefined,
): Map<string, ToolCallView> {
  const session = store.getSession(sessionId);
  const records = new Map(calls.map((c) => [c.id, c]));
  const views = new Map<string, ToolCallView>();
  for (const message of messages) {
    for (const call of message.tool_calls ?? []) {
      const record = records.get(call.id);
      const unread = record && 'resultChars' in record && record.result == null && record.resultChars > 0;
      views.set(
        call.id,
        toolCallView({
          id: call.id,
          name: call.function.name,
          emoji: emojiOf(call.function.name),
          icon: iconOf(call.function.name),
          args: call.function.arguments,
          taskId: sessionId,
          // A call with no record never finished: the app stopped under it.
          run: record?.status ?? 'stopped',
          startedAt: record?.startedAt ?? session?.createdAt ?? 0,
          ...(record?.durationMs != null ? { durationMs: record.durationMs } : {}),
          ...(record?.waitMs ? { waitMs: record.waitMs } : {}),
          ...(record?.result != null ? { result: record.result } : {}),
          ...(unread ? { unreadResultChars: record.resultChars } : {}),
          ...(unread && record.errorText ? { unreadErrorText: record.errorText } : {}),
          ...(record?.batch ? { batch: record.batch } : {}),
          ...(record?.ok != null ? { recorded: recordedOf(record) } : {}),
        }),
      );
    }
  }
  return views;
}

function recordedOf(record: ToolCallRecord): RecordedOutcome {
  return {
    ...(record.refusal ? { refusal: record.refusal } : {}),
    ...(record.exitCode != null ? { exitCode: record.exitCode } : {}),
    ...(record.fileDiff ? { fileDiff: record.fileDiff } : {}),
  };
}
