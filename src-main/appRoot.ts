import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { AgentRoot } from './agent/agentRoot';
import { createSmartApprover } from './agent/smartApprover';
import { createVisionService } from './agent/vision';
import { memoryWriteGate } from './agent/memoryApproval';
import { modelCompletion } from './agent/model/samplingCompletion';
import { initShellParser, protectOwnHome } from './approval/analysis';
import { modeApprover, recordingApprover, type ApproverMode } from './approval/asking';
import {
  approvalSettingsFromConfig,
  commandGateFor,
  createApprovalGate,
  createConfigAllowlistStore,
  DenialNotes,
  gateBackendKind,
  toolApprover,
  type ApprovalGate,
  type Approver,
} from './approval/gate';
import { CheckpointStore, TurnCheckpoints } from './checkpoints';
import { configPath } from './config/paths';
import type { Config } from './config/schema';
import { ConfigStore } from './config/store';
import type { ModelOverrides } from './agent/model/resolve';
import { mcpClientContext, type McpClientContext } from './mcp/clientContext';
import { McpManager } from './mcp/manager';
import { findPlugins, loadPlugins, type PluginReport } from './plugins/loader';
import { discoverTools, type DiscoveryReport } from './runtime/discovery';
import { toolError } from './runtime/errors';
import { ToolRuntime } from './runtime/runtime';
import type { Logger } from './runtime/types';
import type { TerminalStreamSink } from './terminal/streamEvents';
import type { TerminalConfigInput } from './config/terminalSchema';
import { SandboxEscalation } from './sandbox/escalation';
import { startNetworkProxy } from './sandbox/networkProxy';
import { Sandbox } from './sandbox/sandbox';
import { ReadPolicy } from './sandbox/readPolicy';
import { TerminalService, type InputWaitInfo } from './terminal/service';
import type { StreamConsumers } from './terminal/streamHub';
import { TerminalHolder } from './terminal/terminalHolder';
import { BrowserPool } from './tools/browser/pool';
import { EgressPolicy } from './sandbox/egress';
import { BUILTIN_TOOL_MODULES } from './tools/builtin';
import type { CronService } from './tools/services/cron';
import type { HostToolServices } from './tools/toolModule';
import { Workspaces } from './workspace/workspaces';
import { sessionGitRoots } from './agent/sessions/worktreeSessions';

export interface AppRootOptions {
  home: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  logger: Logger;
  /** Skip MCP servers (quick commands that do not need their tools). */
  connectMcp?: boolean;
  /** Who answers approval questions in this process (`caduceus chat --approvals`). */
  approvals?: ApproverMode;
  /** Read at each question instead of `approvals`: an interactive chat's `/approvals` changes it. */
  approvalsNow?: () => ApproverMode | undefined;
  /** Who asks a person when approvals are "ask"; without one, prompts are denials. */
  approver?: Approver;
  /**
   * A foreground command waiting for input: 'end' it, as no one can answer (CLI without a TTY),
   * or 'hand-over' to a person through `onInputWait` (the app's windows).
   */
  inputWait?: 'end' | 'hand-over' | 'wait';
  onInputWait?: (info: InputWaitInfo) => void;
  /** Terminal backend for this process instead of config.yaml's (`caduceus chat --backend`). */
  backend?: string;
  /** Live terminal output for a UI, which acknowledges it (flow control). */
  onTerminalEvent?: TerminalStreamSink;
  /** The UI connections receiving that output, each acknowledging for itself. */
  terminalConsumers?: StreamConsumers;
  /**
   * The workspace of sessions and tasks given none: the folder the CLI or `serve` started in.
   * The desktop app has none (its process cwd is `/` when packaged) and asks instead.
   */
  workspace?: string;
  /** MCP client: OAuth credential store (default: a 0600 file), elicitation answers, roots. */
  mcpClient?: Partial<McpClientContext>;
  /** The key saved in Settings, for hosts that read it from their secret store (the CLI). */
  storedApiKey?: () => string | undefined;
  /** Model choices that win over config.yaml for MCP sampling (the UI's key, say). */
  modelOverrides?: () => ModelOverrides;
  /** The scheduler of the cronjob tool: a UI host runs one while it is open, the CLI none. */
  cron?: CronService;
  /** Checkpoint each turn's workspace (none when absent): a long-lived host watches them, a one-shot run compares stat signatures. */
  checkpoints?: 'watch' | 'scan' | 'off';
}

/** Built once by `createAppRoot` and frozen: nothing is assigned to it afterwards. */
export interface AppRoot {
  /** The live config: updated after every save to config.yaml. */
  readonly config: Config;
  readonly configStore: ConfigStore;
  readonly runtime: ToolRuntime;
  readonly mcp: McpManager;
  readonly gate: ApprovalGate;
  /** The one thing swapped at run time: read `current` at each use, never keep it. */
  readonly terminals: Pick<TerminalHolder, 'current'>;
  /** Applies new terminal settings: a new service takes over and the old one is shut down. */
  applyTerminalSettings(config: TerminalConfigInput): Promise<void>;
  /** Each task's workspace and write roots. */
  readonly workspaces: Workspaces;
  /** Places a task in a folder: its terminal environment starts there, its writes are checked against it. */
  bindWorkspace(taskId: string, dir: string): void;
  /** Each turn's checkpoints of its session's workspace (`checkpoints:` in config.yaml). */
  readonly checkpoints: TurnCheckpoints;
  /** What tool modules were given. */
  readonly toolServices: HostToolServices;
  readonly discovery: DiscoveryReport;
  readonly plugins: PluginReport;
  /** Sessions, memory, model resolution and agents. */
  readonly agent: AgentRoot;
  /** Notes people give with a denial, passed to the model with the refusal. */
  readonly denialNotes: DenialNotes;
  shutdown(): Promise<void>;
}

/** The composition root: builds everything from config.yaml, in discovery order. */
export async function createAppRoot(options: AppRootOptions): Promise<AppRoot> {
  const { logger } = options;
  const configStore = new ConfigStore(configPath(options.home));
  // The agent must not change its own approval settings, wherever the config home is.
  protectOwnHome(options.home);
  const config = await configStore.load();
  const runtime = new ToolRuntime(logger);
  await initShellParser().catch((err: unknown) =>
    logger.warn(`Shell parser unavailable, commands get the cautious pattern check: ${String(err)}`),
  );

  const checkpoints: TurnCheckpoints = new TurnCheckpoints({
    store: await openCheckpoints(options, configStore, logger),
    notCovered: (): string | undefined => {
      if (!configStore.current.checkpoints.enabled) return 'checkpoints are off (checkpoints.enabled)';
      const backend: string = terminals.current.config.backend;
      return backend === 'local' ? undefined : `the ${backend} backend's files are not checkpointed`;
    },
    // A whole home folder (or the filesystem) is no project: snapshotting it would copy far too much.
    tooBroad: (workspace) =>
      [homedir(), options.env.HOME, '/'].includes(resolve(workspace))
        ? `${workspace} is a home folder or the filesystem root; choose a project folder to get checkpoints`
        : undefined,
    logger,
  });
  const workspaces = new Workspaces({
    home: options.home,
    ...(options.workspace ? { fallback: options.workspace } : {}),
    writableRoots: () => configStore.current.sandbox.writable_roots,
    // Bound late: the sessions store is the agent's, built below.
    sessionRoots: (taskId) => sessionGitRoots(agent.sessions, taskId),
  });
  const bindWorkspace = (taskId: string, dir: string) => {
    workspaces.bind(taskId, dir);
    terminals.current.applyWorkspace(taskId, dir);
  };
  const agent = new AgentRoot({
    home: options.home,
    cwd: options.workspace ?? options.cwd,
    env: options.env,
    runtime,
    config: () => configStore.current,
    // Bound late: the gate and the terminal service are built below.
    announceCommands: (calls, context) => {
      const backendKind = gateBackendKind(terminals.current.config.backend);
      const workspace = workspaces.of(context.taskId);
      gate.announceBatch(
        calls.map((c) => ({ ...c, ...context, backendKind, ...(workspace ? { workspace } : {}) })),
        context.signal,
      );
    },
    // Bound late too: the gate is built below.
    memoryWrites: (plan, call) => memoryWrites(plan, call),
    bindWorkspace,
    turnCheckpoints: checkpoints,
    ...(options.storedApiKey ? { storedApiKey: options.storedApiKey } : {}),
  });
  const approvalsMode = options.approvalsNow ?? (() => options.approvals);
  const approver = recordingApprover(modeApprover(approvalsMode, options.approver), agent.approvals);
  const refusedPrefixes = new Set<string>();
  const warnRefusedPrefix = (prefix: string, why: string) => {
    if (refusedPrefixes.has(prefix)) return;
    refusedPrefixes.add(prefix);
    logger.warn(`config.yaml approvals.allow "${prefix}" is ignored: ${why}`);
  };
  // The sessions database opens on first use; grants and the ledger reach it through these.
  const ledger = () => agent.sessions.ledger;
  const gate = createApprovalGate({
    grants: {
      add: (grants) => ledger().add(grants),
      active: (now) => ledger().active(now),
      revoke: (key) => ledger().revoke(key),
    },
    ledger: { record: (entry) => ledger().record(entry) },
    approver,
    store: createConfigAllowlistStore(configStore),
    getSettings: () => approvalSettingsFromConfig(configStore.current.approvals, warnRefusedPrefix),
    smartApprover: createSmartApprover(() => agent.resolveModel()),
    hooks: runtime.hooks,
    logger,
  });
  // One list for commands (the sandbox's denyRead) and the file tools; config.yaml is read live.
  const userHome = options.env.HOME || homedir();
  const readPolicy = new ReadPolicy(() => ({
    home: userHome,
    caduceusHome: options.home,
    denyRead: configStore.current.sandbox.deny_read,
  }));
  const memoryWrites = memoryWriteGate({
    gate: (check) => toolServices.commandGate(check),
    ledger: { record: (entry) => ledger().record(entry) },
    approval: () => configStore.current.memory.write_approval,
    get hostRefuses() {
      return approvalsMode() === 'deny';
    },
  });
  const sandbox = new Sandbox(config.sandbox, {
    caduceusHome: options.home,
    home: userHome,
    networkProxy: startNetworkProxy,
  });
  configStore.onChange((next) => sandbox.reconfigure(next.sandbox));
  const sandboxStatus = sandbox.status();
  if (sandboxStatus.effective === 'off')
    logger.warn('sandbox.mode is off: local commands run with your full permissions');
  else if (sandboxStatus.reason) logger.warn(sandboxStatus.reason);
  const startTerminal = (settings: TerminalConfigInput) => {
    const service = new TerminalService({
      // `--backend` outranks config.yaml for the life of the process; the schema checks its value.
      config: options.backend ? ({ ...settings, backend: options.backend } as TerminalConfigInput) : settings,
      sandbox,
      logger,
      ...(options.onTerminalEvent ? { onEvent: options.onTerminalEvent } : {}),
      ...(options.inputWait ? { inputWait: options.inputWait } : {}),
      ...(options.onInputWait ? { onInputWait: options.onInputWait } : {}),
      ...(options.terminalConsumers ? { consumers: options.terminalConsumers } : {}),
      workspaceOf: (taskId) => workspaces.boundTo(taskId),
      tempDirOf: (taskId) => workspaces.tempDirOf(taskId),
      sessionRootsOf: (taskId) => workspaces.sessionRootsOf(taskId),
      screenStore: {
        save: (taskId, screen) => agent.sessions.screens.save(taskId, screen),
        load: () => agent.sessions.screens.load(),
      },
      // Never the packaged app's `/`: a shell with no session starts at home there.
      defaultCwd: options.workspace ?? homedir(),
    });
    service.startIdleCleanup();
    return service;
  };
  const terminals = new TerminalHolder(startTerminal(config.terminal as TerminalConfigInput));
  const egress = new EgressPolicy({
    allowedLocalHosts: () => configStore.current.network.allowed_local_hosts,
  });
  const browser = new BrowserPool({ env: options.env, logger, egress });

  const denialNotes = new DenialNotes();
  const toolServices: HostToolServices = Object.freeze({
    env: options.env,
    home: options.home,
    agentLoop: true,
    browser,
    egress,
    // Read at each call, so tools always reach the service Settings last put in place.
    get terminal() {
      return terminals.current;
    },
    // Judged for the backend in place when the command is checked, and against the task's
    // workspace whichever tool asks: unnamed, an absolute path inside it reads as outside.
    commandGate: (check) => {
      const workspace = check.workspace ?? workspaces.of(check.taskId);
      const judged = workspace ? { ...check, workspace } : check;
      return commandGateFor(gate, terminals.current.config.backend, denialNotes)(judged);
    },
    workspaces,
    readPolicy,
    sandboxEscalation: new SandboxEscalation({
      // Leaving the sandbox takes a person: `--approvals allow` answers the gate, not this.
      approver: modeApprover(() => (approvalsMode() === 'allow' ? 'deny' : 'ask'), approver),
      store: createConfigAllowlistStore(configStore),
      grants: gate.grants,
      timeoutSeconds: () => configStore.current.approvals.timeout_seconds,
      ledger: { record: (entry) => ledger().record(entry) },
      logger,
    }),
    approve: toolApprover(approver, () => configStore.current.approvals.timeout_seconds),
    vision: createVisionService(agent),
    // Scripts reach only tools their session was offered (execute_code's RPC passes its context on).
    dispatchTool: async (name, args, ctx) =>
      ctx.offeredTools && !ctx.offeredTools.has(name)
        ? toolError(`Tool "${name}" is not available in this session`)
        : runtime.handleFunctionCall(name, args, ctx),
    cron: options.cron,
  });
  const discovery = await discoverTools(
    { registry: runtime.registry, logger, services: toolServices },
    BUILTIN_TOOL_MODULES,
  );
  const complete = modelCompletion(() => agent.resolveModel(options.modelOverrides?.() ?? {}));
  const mcpWorkspace = options.workspace ?? options.cwd;
  const mcp = new McpManager(
    runtime.registry,
    logger,
    mcpClientContext(options.home, mcpWorkspace, {
      complete,
      ...options.mcpClient,
      sandbox: { sandbox, workspace: mcpWorkspace },
    }),
  );
  if (options.connectMcp !== false) await mcp.connectAll(config.mcp_servers);
  const plugins = await loadPlugins(
    await findPlugins({
      home: options.home,
      cwd: options.cwd,
      enabled: config.plugins.enabled,
      packages: config.plugins.packages,
      enableProjectPlugins: options.env.CADUCEUS_ENABLE_PROJECT_PLUGINS === '1',
    }),
    {
      registry: runtime.registry,
      hooks: runtime.hooks,
      toolsets: runtime.toolsets,
      logger,
      resolveFrom: [options.home, options.cwd],
    },
  );

  return Object.freeze({
    get config() {
      return configStore.current;
    },
    configStore,
    runtime,
    mcp,
    gate,
    terminals,
    applyTerminalSettings: (settings: TerminalConfigInput) => terminals.replace(startTerminal(settings)),
    workspaces,
    bindWorkspace,
    checkpoints,
    toolServices,
    denialNotes,
    discovery,
    plugins,
    agent,
    async shutdown() {
      await Promise.allSettled([terminals.shutdown(), browser.closeAll(), mcp.closeAll()]);
      await sandbox.dispose();
      // A prune started at start-up may still run: let it finish before the home goes away.
      await checkpoints.store?.idle();
      checkpoints.store?.close();
      agent.close();
      workspaces.dispose();
    },
  });
}

/** The store of `$CADUCEUS_HOME`, pruned in the background at start; none when off or when it cannot open. */
async function openCheckpoints(
  options: AppRootOptions,
  configStore: ConfigStore,
  logger: Logger,
): Promise<CheckpointStore | undefined> {
  if (options.checkpoints === undefined || options.checkpoints === 'off') return undefined;
  try {
    const store = await CheckpointStore.open({
      home: options.home,
      config: () => configStore.current.checkpoints,
      watch: options.checkpoints === 'watch',
    });
    // Not awaited: retention walks the store, and nothing at start waits on it (the store runs
    // its work one job at a time, so a first snapshot simply follows it).
    void store.prune().catch((err: unknown) => logger.warn(`Pruning checkpoints failed: ${String(err)}`));
    return store;
  } catch (err) {
    logger.warn(`Checkpoints are unavailable: ${String(err)}`);
    return undefined;
  }
}
