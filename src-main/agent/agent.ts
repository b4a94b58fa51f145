import type { AgentEvent, TurnStatus } from '../../src-shared/agentEvents';
import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '../../src-shared/sessions';
import { addUsage, NO_USAGE, type UsageTotals } from '../../src-shared/usage';
import type { AgentConfig } from '../config/schema';
import type { ToolRuntime } from '../runtime/runtime';
import type { ToolDefinition } from '../runtime/types';
import type { ApprovalRelay } from './approvals';
import type { Clarifier } from './clarify';
import { safeEmit, type AgentEventBody, type AgentEventListener } from './events';
import { buildLoopTools } from './loopToolSet';
import type { DelegateTask } from './loopTools/delegate';
import type { MemoryWriteGate } from './memoryApproval';
import type { MemoryStore } from './memoryStore';
import type { ModelClient } from './model/client';
import { childSystemPrompt, systemPrompt } from './prompt';
import { repairTranscript } from './sessions/repair';
import type { SessionStore } from './sessions/store';
import { ToolRunner, type AnnounceCommands } from './toolRunner';
import { sessionTitle } from './sessions/title';

/** Shared by an agent and every child it delegates to. */
export interface AgentDeps {
  runtime: ToolRuntime;
  store: () => SessionStore;
  memory: () => MemoryStore;
  /** Asks about, or records, each memory write; the app's root always gives one. */
  memoryWrites?: MemoryWriteGate;
  model: ModelClient;
  config: AgentConfig;
  approvals?: ApprovalRelay;
  /** The session's workspace; children delegated to share it. */
  cwd: string;
  announceCommands?: AnnounceCommands;
  /** Tells the tools a task works in this folder (its terminal starts there, writes are checked against it). */
  bindWorkspace?: (taskId: string, dir: string) => void;
  /** Snapshots the workspace before and after each top-level turn (the app's checkpoints). */
  turnCheckpoints?: TurnCheckpointer;
}

export interface TurnCheckpointer {
  begin(session: string, turn: number, workspace: string): Promise<void>;
  end(session: string, turn: number, workspace: string): Promise<void>;
}

export interface AgentOptions {
  /** Resume this stored session; a new one is created otherwise. */
  sessionId?: string;
  toolsets?: { enabled?: string[]; disabled?: string[] };
  clarifier?: Clarifier;
  onEvent?: AgentEventListener;
  /** Where the session was started ("cli", "app", "delegate"). */
  source?: string;
  depth?: number;
  parentSessionId?: string;
  /** A child's task; it becomes the child's system prompt. */
  task?: DelegateTask;
  /** A child never gets a tool its parent was not offered. */
  allowedTools?: ReadonlySet<string>;
}

export interface TurnResult {
  sessionId: string;
  status: TurnStatus;
  /** The final answer (or what there was of it). */
  text: string;
  iterations: number;
  error?: string;
  /** Messages this turn added, in order. */
  messages: ChatMessage[];
  /** Tokens (and cost) of this turn and its session, when the model reported any. */
  usage?: UsageTotals;
}

/**
 * One conversation: messages → model → tool calls → results → model … until a final answer,
 * `max_iterations`, cancellation or a model error. Every message is stored as it happens.
 */
export class Agent {
  readonly sessionId: string;
  readonly depth: number;
  private history: ChatMessage[] = [];
  private system = '';
  private started = false;
  private running = false;
  private offered: ReadonlySet<string> = new Set();
  private readonly runner: ToolRunner;

  constructor(
    private readonly deps: AgentDeps,
    private readonly options: AgentOptions = {},
  ) {
    if (options.sessionId && !deps.store().getSession(options.sessionId)) {
      throw new Error(`No session "${options.sessionId}"`);
    }
    this.sessionId = options.sessionId ?? deps.store().freshSessionId();
    this.depth = options.depth ?? 0;
    const loopHandlers = buildLoopTools({
      store: deps.store,
      memory: deps.memory,
      memoryWrites: deps.memoryWrites,
      clarifier: options.clarifier,
      delegation: {
        depth: this.depth,
        maxDepth: deps.config.delegation.max_depth,
        maxConcurrent: deps.config.delegation.max_concurrent,
        runChild: (task, signal) => this.runChild(task, signal),
      },
      emit: (event) => this.emit(event),
    });
    this.runner = new ToolRunner({
      runtime: deps.runtime,
      store: deps.store,
      loopHandlers,
      sessionId: this.sessionId,
      taskId: this.sessionId,
      cwd: deps.cwd,
      emit: (event) => this.emit(event),
      ...(deps.announceCommands ? { announceCommands: deps.announceCommands } : {}),
    });
  }

  async runTurn(prompt: string, options: { signal?: AbortSignal } = {}): Promise<TurnResult> {
    if (this.running) throw new Error(`Session ${this.sessionId} is already running a turn`);
    this.running = true;
    const checkpointed: { turn?: number } = {};
    try {
      const result = await this.turn(prompt, options.signal, checkpointed);
      // Before turn_finished, so whoever hears it can ask what the turn changed.
      if (checkpointed.turn !== undefined)
        await this.deps.turnCheckpoints?.end(this.sessionId, checkpointed.turn, this.deps.cwd);
      const { status, text, iterations, error, usage } = result;
      this.emit({
        type: 'turn_finished',
        status,
        text,
        iterations,
        ...(error ? { error } : {}),
        ...(usage ? { usage } : {}),
      });
      return result;
    } finally {
      this.running = false;
    }
  }

  private async turn(
    prompt: string,
    signal: AbortSignal | undefined,
    checkpointed: { turn?: number },
  ): Promise<TurnResult> {
    const added: ChatMessage[] = [];
    let iterations = 0;
    const turnId = randomUUID();
    let turnUsage = NO_USAGE;
    const push = (message: ChatMessage) => {
      this.deps.store().appendMessage(this.sessionId, message);
      this.history.push(message);
      added.push(message);
    };
    const finish = (status: TurnStatus, text: string, error?: string): TurnResult => {
      const usage: UsageTotals | undefined =
        turnUsage === NO_USAGE
          ? undefined
          : { turn: turnUsage, session: this.deps.store().usage.session(this.sessionId) };
      const extra = { ...(error ? { error } : {}), ...(usage ? { usage } : {}) };
      return { sessionId: this.sessionId, status, text, iterations, messages: added, ...extra };
    };
    const unlisten = this.deps.approvals?.listen(this.sessionId, (event) => this.emit(event));
    try {
      await this.start(prompt);
      this.emit({ type: 'turn_started', prompt, parentSessionId: this.options.parentSessionId });
      push({ role: 'user', content: prompt });
      // Sub-agents work in their parent's turn, which the parent's checkpoints cover.
      if (this.deps.turnCheckpoints && this.depth === 0) {
        const turn = this.history.filter((m) => m.role === 'user').length;
        await this.deps.turnCheckpoints.begin(this.sessionId, turn, this.deps.cwd);
        checkpointed.turn = turn;
      }
      const tools = await this.offeredTools();
      let lastText = '';
      while (iterations < this.deps.config.max_iterations) {
        if (signal?.aborted) return finish('cancelled', lastText);
        iterations++;
        let partial = '';
        await this.hook('pre_llm_call', { sessionId: this.sessionId, iteration: iterations });
        const reply = await this.deps.model
          .complete({
            messages: [{ role: 'system', content: this.system }, ...this.history],
            tools,
            signal,
            onTextDelta: (text) => {
              partial += text;
              this.emit({ type: 'assistant_delta', text });
            },
          })
          .catch((err: unknown) => {
            if (!signal?.aborted) throw err;
            return undefined;
          });
        if (!reply) {
          // Cancelled while the model was answering: keep what the user already saw.
          if (partial) push({ role: 'assistant', content: partial });
          return finish('cancelled', partial);
        }
        if (reply.usage) {
          turnUsage = addUsage(turnUsage, reply.usage);
          this.deps.store().usage.record(this.sessionId, turnId, reply.usage);
        }
        await this.hook('post_llm_call', {
          sessionId: this.sessionId,
          iteration: iterations,
          toolCalls: reply.toolCalls.length,
          finishReason: reply.finishReason,
        });
        push({
          role: 'assistant',
          content: reply.content || null,
          ...(reply.toolCalls.length > 0 ? { tool_calls: reply.toolCalls } : {}),
        });
        if (reply.toolCalls.length === 0) return finish('completed', reply.content);
        if (reply.content) lastText = reply.content;
        for (const message of await this.runner.runBatch(reply.toolCalls, this.offered, signal))
          push(message);
      }
      if (signal?.aborted) return finish('cancelled', lastText);
      const limit = this.deps.config.max_iterations;
      return finish(
        'max_iterations',
        lastText || `Stopped after ${limit} model calls without a final answer.`,
      );
    } catch (err) {
      return finish('error', '', err instanceof Error ? err.message : String(err));
    } finally {
      unlisten?.();
    }
  }

  /** Ends the session for plugins (on_session_end); the stored session stays. */
  async close(): Promise<void> {
    if (this.started) await this.hook('on_session_end', { sessionId: this.sessionId });
    this.started = false;
  }

  /** First turn of this agent: create or load the session, freeze its system prompt. */
  private async start(prompt: string): Promise<void> {
    if (this.started) return;
    const store = this.deps.store();
    const promptInput = { cwd: this.deps.cwd, memory: this.depth === 0 ? this.deps.memory().snapshot() : '' };
    // Only an agent asked to resume a session loads one. A new agent's id taken meanwhile by
    // another process fails on the insert below: it must not take that session over.
    const stored = this.options.sessionId === undefined ? undefined : store.getSession(this.sessionId);
    if (stored) {
      if (stored.workspace === null) store.setWorkspace(this.sessionId, this.deps.cwd);
      this.system = store.systemPrompt(this.sessionId) ?? systemPrompt(promptInput);
      const finished = new Map(
        store
          .toolCalls(this.sessionId)
          .filter((c) => c.status !== 'running' && c.result !== null)
          .map((c) => [c.id, c.result as string]),
      );
      this.history = repairTranscript(store.messages(this.sessionId), finished);
    } else {
      const task = this.options.task;
      this.system = task ? childSystemPrompt(task, promptInput) : systemPrompt(promptInput);
      store.createSession({
        id: this.sessionId,
        title: sessionTitle(prompt),
        parentId: this.options.parentSessionId,
        model: this.deps.model.name,
        source: this.options.source ?? (task ? 'delegate' : 'cli'),
        systemPrompt: this.system,
        workspace: this.deps.cwd,
      });
    }
    this.deps.bindWorkspace?.(this.sessionId, this.deps.cwd);
    this.started = true;
    await this.hook('on_session_start', { sessionId: this.sessionId });
  }

  private async offeredTools(): Promise<ToolDefinition[]> {
    const defs = await this.deps.runtime.getToolDefinitions(this.options.toolsets ?? {});
    const allowed = this.options.allowedTools;
    const child = this.depth > 0;
    const tools = defs.filter(({ function: { name } }) => {
      if (allowed && !allowed.has(name)) return false;
      if (name === 'clarify') return !child && this.options.clarifier !== undefined;
      if (name === 'memory') return !child;
      if (name === 'delegate_task') return this.depth < this.deps.config.delegation.max_depth;
      return true;
    });
    this.offered = new Set(tools.map((t) => t.function.name));
    return tools;
  }

  private async runChild(task: DelegateTask, signal?: AbortSignal) {
    const parentToolsets = this.options.toolsets ?? {};
    const child = new Agent(this.deps, {
      depth: this.depth + 1,
      parentSessionId: this.sessionId,
      task,
      toolsets: task.toolsets?.length
        ? { enabled: task.toolsets, disabled: parentToolsets.disabled }
        : parentToolsets,
      allowedTools: this.offered,
      onEvent: this.options.onEvent,
      source: 'delegate',
    });
    try {
      const result = await child.runTurn(task.goal, { signal });
      return { ...result, text: result.text || result.error || '' };
    } finally {
      await child.close();
    }
  }

  private async hook(
    name: 'pre_llm_call' | 'post_llm_call' | 'on_session_start' | 'on_session_end',
    info: { sessionId: string } & Record<string, unknown>,
  ): Promise<void> {
    if (this.deps.runtime.hooks.has(name)) await this.deps.runtime.hooks.run(name, info);
  }

  private emit(body: AgentEventBody): void {
    safeEmit(this.options.onEvent, { ...body, sessionId: this.sessionId, depth: this.depth } as AgentEvent);
  }
}
