import { randomUUID } from 'node:crypto';
import type { CallOutcome, ToolRunStatus } from '../../src-shared/toolCalls';
import { refusalFactsOf } from '../runtime/execDecision';
import type { ChatMessage, ToolCall } from '../../src-shared/sessions';
import { toolError } from '../runtime/errors';
import { parseArgs } from '../runtime/validate';
import type { ToolRuntime } from '../runtime/runtime';
import type { ToolEntry, ToolHandler, ToolOutcome } from '../runtime/types';
import { ABORTED, untilAborted } from './abort';
import { canRunInParallel, mapLimited, MAX_PARALLEL_TOOLS } from './batch';
import type { AgentEventBody } from './events';
import { argsPreview, resultPreview } from './preview';
import { personWaitMs } from './personWait';
import type { SessionStore } from './sessions/store';

const CANCELLED = toolError('Cancelled by the user before this tool finished.');
export const CANCELLED_RESULT = CANCELLED.text;

/** Shell commands of one batch, told to the approval gate before any runs (see announceBatch). */
export type AnnounceCommands = (
  calls: { toolCallId: string; command: string }[],
  context: { sessionId: string; taskId: string; signal?: AbortSignal },
) => void;

/** The calls of a batch that run a shell command, as their tools' `gateCommand` reads it. */
export function batchCommands(
  calls: ToolCall[],
  offered: ReadonlySet<string>,
  lookup: (name: string) => ToolEntry | undefined,
): { toolCallId: string; command: string }[] {
  return calls.flatMap((call) => {
    const gateCommand = offered.has(call.function.name) ? lookup(call.function.name)?.gateCommand : undefined;
    const parsed = gateCommand ? parseArgs(call.function.arguments) : undefined;
    const command = parsed?.ok ? gateCommand?.(parsed.args) : undefined;
    return command ? [{ toolCallId: call.id, command }] : [];
  });
}

export interface ToolRunnerDeps {
  runtime: ToolRuntime;
  store: () => SessionStore;
  /** This agent's handlers for its own tools (todo, memory, …), passed with every call. */
  loopHandlers: ReadonlyMap<string, ToolHandler>;
  sessionId: string;
  /** The terminal environment the calls share. */
  taskId: string;
  cwd: string;
  emit(event: AgentEventBody): void;
  announceCommands?: AnnounceCommands;
}

/** Runs the model's tool calls of one step, records each, and reports them as events. */
export class ToolRunner {
  constructor(private readonly deps: ToolRunnerDeps) {}

  /** Returns one tool message per call, in the model's order, also when cancelled. */
  async runBatch(
    calls: ToolCall[],
    offered: ReadonlySet<string>,
    signal?: AbortSignal,
  ): Promise<ChatMessage[]> {
    const { registry } = this.deps.runtime;
    const commands = batchCommands(calls, offered, (name) => registry.get(name));
    // Several commands that each need a person are then asked about together, in one sheet.
    if (commands.length >= 2)
      this.deps.announceCommands?.(commands, {
        sessionId: this.deps.sessionId,
        taskId: this.deps.taskId,
        signal,
      });
    let results: string[];
    if (canRunInParallel(calls, (name) => registry.get(name), this.deps.cwd)) {
      const batch = randomUUID();
      results = await mapLimited(calls, MAX_PARALLEL_TOOLS, (call) =>
        this.runOne(call, offered, signal, batch),
      );
    } else {
      results = [];
      for (const call of calls) results.push(await this.runOne(call, offered, signal));
    }
    return calls.map((call, i) => ({ role: 'tool', tool_call_id: call.id, content: results[i] ?? '' }));
  }

  private async runOne(
    call: ToolCall,
    offered: ReadonlySet<string>,
    signal?: AbortSignal,
    batch?: string,
  ): Promise<string> {
    const { emit, sessionId } = this.deps;
    const name = call.function.name;
    const started = performance.now();
    const entry = this.deps.runtime.registry.get(name);
    const startedAt = Date.now();
    emit({
      type: 'tool_started',
      toolCallId: call.id,
      name,
      emoji: entry?.emoji ?? '🔧',
      ...(entry?.icon ? { icon: entry.icon } : {}),
      argsPreview: argsPreview(call.function.arguments),
      args: call.function.arguments,
      ...(batch ? { batch } : {}),
    });
    const handle = this.deps
      .store()
      .startToolCall(sessionId, { id: call.id, name, args: call.function.arguments, batch });
    // A call after a cancel in the same batch is recorded as cancelled without starting it.
    const outcome = signal?.aborted
      ? ABORTED
      : await untilAborted(this.execute(call, offered, signal), signal);
    const ended = outcome === ABORTED ? CANCELLED : outcome;
    const { text: result, ok, refusal } = ended;
    const status: ToolRunStatus = outcome === ABORTED ? 'stopped' : ok ? 'ok' : 'error';
    // The time a person took to answer is shown apart from the call's own time.
    const waitMs = personWaitMs(this.deps.store().approvals(sessionId), call.id, startedAt, Date.now());
    const durationMs = Math.max(0, performance.now() - started - waitMs);
    const facts = outcomeFacts(ended);
    this.deps
      .store()
      .finishToolCall(handle, { result, status, durationMs, waitMs, outcome: { ok, ...facts } });
    emit({
      type: 'tool_finished',
      toolCallId: call.id,
      name,
      status,
      durationMs,
      ...(waitMs > 0 ? { waitMs } : {}),
      resultPreview: resultPreview(result),
      result,
      ...(refusal ? { approval: refusal } : {}),
      outcome: facts,
    });
    return result;
  }

  private async execute(
    call: ToolCall,
    offered: ReadonlySet<string>,
    signal?: AbortSignal,
  ): Promise<ToolOutcome> {
    const { runtime, sessionId, emit } = this.deps;
    const name = call.function.name;
    const toolCallId = call.id;
    if (!offered.has(name)) {
      const known = runtime.registry.has(name);
      return toolError(known ? `Tool "${name}" is not available in this session` : `Unknown tool: ${name}`);
    }
    return runtime.handleFunctionCall(name, call.function.arguments, {
      taskId: this.deps.taskId,
      sessionId,
      toolCallId,
      signal,
      onOutput: (chunk) => emit({ type: 'tool_output', toolCallId, chunk }),
      offeredTools: offered,
      loopHandlers: this.deps.loopHandlers,
    });
  }
}

/** The outcome's facts, as the live card and the stored one read them: the decision, unchanged. */
function outcomeFacts(outcome: ToolOutcome): CallOutcome {
  const refusal =
    refusalFactsOf(outcome.decision) ?? (outcome.refusal ? { kind: outcome.refusal } : undefined);
  return {
    ...(refusal ? { refusal } : {}),
    ...(outcome.exitCode !== undefined ? { exitCode: outcome.exitCode } : {}),
    ...(outcome.fileDiff ? { fileDiff: outcome.fileDiff } : {}),
  };
}
