import { configPath } from '../config/paths';
import type { Config } from '../config/schema';
import type { ToolRuntime } from '../runtime/runtime';
import { Agent, type AgentOptions, type TurnCheckpointer } from './agent';
import { ApprovalRelay } from './approvals';
import type { MemoryWriteGate } from './memoryApproval';
import { MemoryStore } from './memoryStore';
import { OpenAiChatClient, type ModelClient } from './model/client';
import { detectLocalServers, modelSetupHelp, type LocalServer } from './model/detect';
import { resolveModel, type ModelOverrides, type ModelResolution, type ResolvedModel } from './model/resolve';
import { SessionStore } from './sessions/store';
import type { AnnounceCommands } from './toolRunner';

export interface AgentRootOptions {
  home: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  runtime: ToolRuntime;
  /** The live config; read at each use so Settings changes apply to the next agent. */
  config: () => Config;
  /** Tells the approval gate a batch's commands before they run. */
  announceCommands?: AnnounceCommands;
  /** Asks about, or records, each memory write. */
  memoryWrites?: MemoryWriteGate;
  /** Tells the tools which folder a task works in. */
  bindWorkspace?: (taskId: string, dir: string) => void;
  /** The key saved in Settings (the host's secret store), used when no flag gives one. */
  storedApiKey?: () => string | undefined;
  /** Snapshots each session's workspace around its turns. */
  turnCheckpoints?: TurnCheckpointer;
}

export interface CreateAgentOptions extends Omit<
  AgentOptions,
  'depth' | 'parentSessionId' | 'task' | 'allowedTools'
> {
  /** A resolved model, or any client (tests, other transports). */
  model: ResolvedModel | ModelClient;
  /** The folder a new session works in (default: the root's cwd); a resumed one keeps its own. */
  workspace?: string;
}

/**
 * The agent's part of the composition root: the session database and memory (opened on first
 * use), the approval relay, model resolution, and agents built from them.
 */
export class AgentRoot {
  readonly approvals: ApprovalRelay;
  private store: SessionStore | undefined;
  private memoryStore: MemoryStore | undefined;

  constructor(private readonly options: AgentRootOptions) {
    this.approvals = new ApprovalRelay(() => this.sessions);
  }

  get sessions(): SessionStore {
    this.store ??= SessionStore.open(this.options.home);
    return this.store;
  }

  get memory(): MemoryStore {
    const limit = this.options.config().agent.memory_char_limit;
    if (this.memoryStore?.charLimit !== limit)
      this.memoryStore = MemoryStore.inHome(this.options.home, limit);
    return this.memoryStore;
  }

  resolveModel(overrides: ModelOverrides = {}): ModelResolution {
    const apiKey = overrides.apiKey || this.options.storedApiKey?.();
    return resolveModel(this.options.config().model, this.options.env, {
      ...overrides,
      ...(apiKey ? { apiKey } : {}),
    });
  }

  /** Says what is missing and what to set, naming any local model server found on loopback. */
  async modelSetupHelp(problems: string[], candidates?: Omit<LocalServer, 'models'>[]): Promise<string> {
    return modelSetupHelp(problems, await detectLocalServers(candidates), configPath(this.options.home));
  }

  createAgent(options: CreateAgentOptions): Agent {
    const { model, workspace, sessionId, ...rest } = options;
    const client = 'complete' in model ? model : new OpenAiChatClient(model);
    const resolvedId = sessionId === undefined ? undefined : this.sessions.resolveId(sessionId);
    if (sessionId !== undefined && !resolvedId) throw new Error(`No session matches "${sessionId}"`);
    const stored =
      resolvedId === undefined ? null : (this.sessions.getSession(resolvedId)?.workspace ?? null);
    if (stored !== null && workspace !== undefined && workspace !== stored)
      throw new Error(`Session ${resolvedId} works in ${stored}; it cannot move to ${workspace}`);
    return new Agent(
      {
        runtime: this.options.runtime,
        store: () => this.sessions,
        memory: () => this.memory,
        model: client,
        config: this.options.config().agent,
        approvals: this.approvals,
        cwd: stored ?? workspace ?? this.options.cwd,
        ...(this.options.memoryWrites ? { memoryWrites: this.options.memoryWrites } : {}),
        ...(this.options.announceCommands ? { announceCommands: this.options.announceCommands } : {}),
        ...(this.options.bindWorkspace ? { bindWorkspace: this.options.bindWorkspace } : {}),
        ...(this.options.turnCheckpoints ? { turnCheckpoints: this.options.turnCheckpoints } : {}),
      },
      { ...rest, sessionId: resolvedId },
    );
  }

  close(): void {
    this.store?.close();
    this.store = undefined;
  }
}
