import type { AgentEvent } from '../../src-shared/agentEvents';
import type { ToolCallDetails, ToolCallView } from '../../src-shared/ipc/chatSchemas';
import type { ToolCallRecord } from '../../src-shared/sessions';
import type { StoredToolCallStatus } from '../../src-shared/toolCalls';
import { argsPreview } from './preview';
import type { SessionStore } from './sessions/store';
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
  /** The parallel batch the call ran in. */
  batch?: string | null;
}

/**
 * The one place a tool call becomes the card a person sees: live chat events, a reloaded
 * session, an exported one and the CLI's activity lines all read it, so they say the same.
 */
export function toolCallView(facts: ToolCallFacts): ToolCallView {
  const details = facts.result === undefined ? {} : resultDetails(facts.result, facts.recorded);
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
    ...details,
  };
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
  const session = store.getSession(sessionId);
  const records = new Map(store.toolCalls(sessionId).map((c) => [c.id, c]));
  const views = new Map<string, ToolCallView>();
  for (const message of store.messages(sessionId)) {
    for (const call of message.tool_calls ?? []) {
      const record = records.get(call.id);
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
