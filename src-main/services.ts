import { AgentHost } from './agent/host';
import { createSmartApprover } from './agent/smartApprover';
import { createVisionService } from './agent/vision';
import { initShellParser } from './approval/analyse';
import { protectOwnHome } from './approval/paths';
import { allowOnceApprover, denyApprover, recordingApprover } from './approval/approvers';
import { createConfigAllowlistStore } from './approval/configAllowlistStore';
import { createApprovalGate, type ApprovalGate } from './approval/gate';
import type { Approver } from './approval/gateTypes';
import { approvalSettingsFromConfig } from './approval/settings';
import { commandGateFor, toolApprover } from './approval/toolGate';
import { configPath } from './config/paths';
import type { Config } from './config/schema';
import { ConfigStore } from './config/store';
import type { ModelOverrides } from './agent/model/resolve';
import { mcpClientContext, type McpClientContext } from './mcp/clientContext';
import { modelCompletion } from './mcp/sampling';
import { McpManager } from './mcp/manager';
import { findPlugins, loadPlugins, type PluginReport } from './plugins/loader';
import { discoverTools, type DiscoveryReport } from './runtime/discovery';
import { toolError } from './runtime/errors';
import { ToolRuntime } from './runtime/runtime';
import type { Logger } from './runtime/types';
import type { TerminalStreamSink } from './terminal/outputStream';
import { TerminalService } from './terminal/service';
import { BrowserPool } from './tools/browser/pool';
import { BUILTIN_TOOL_MODULES } from './tools/builtin';
import type { ToolServices } from './tools/toolModule';

export interface ServicesOptions {
  home: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  logger: Logger;
  /** Skip MCP servers (quick commands that do not need their tools). */
  connectMcp?: boolean;
  /** Who answers approval questions in this process (`caduceus chat --approvals`). */
  approvals?: 'ask' | 'deny' | 'allow';
  /** Who asks a person when approvals are "ask"; without one, prompts are denials. */
  approver?: Approver;
  /** Terminal backend for this process instead of config.yaml's (`caduceus chat --backend`). */
  backend?: string;
  /** Live terminal output for a UI, which acknowledges it (flow control). */
  onTerminalEvent?: TerminalStreamSink;
  /** MCP client: OAuth credential store (default: a 0600 file), elicitation answers, roots. */
  mcpClient?: Partial<McpClientContext>;
  /** Model choices that win over config.yaml for MCP sampling (the UI's key, say). */
  modelOverrides?: () => ModelOverrides;
}

export interface Services {
  /** The live config: updated after every save to config.yaml. */
  readonly config: Config;
  configStore: ConfigStore;
  runtime: ToolRuntime;
  mcp: McpManager;
  gate: ApprovalGate;
  terminal: TerminalService;
  /** What tool modules were given; hosts may add to it (a cron scheduler, say). */
  toolServices: ToolServices;
  discovery: DiscoveryReport;
  plugins: PluginReport;
  /** Sessions, memory, model resolution and agents. */
  agent: AgentHost;
  shutdown(): Promise<void>;
}

function chooseApprover(options: ServicesOptions): Approver {
  if (options.approvals === 'allow') return allowOnceApprover;
  if (options.approvals === 'deny') return denyApprover;
  return options.approver ?? denyApprover;
}

/** The composition root: builds everything from config.yaml, in discovery order. */
export async function createServices(options: ServicesOptions): Promise<Services> {
  const { logger } = options;
  const configStore = new ConfigStore(configPath(options.home));
  // The agent must not change its own approval settings, wherever the config home is.
  protectOwnHome(options.home);
  const config = await configStore.load();
  const runtime = new ToolRuntime(logger);
  await initShellParser().catch((err: unknown) =>
    logger.warn(`Shell parser unavailable, commands get the cautious pattern check: ${String(err)}`),
  );

  const agent = new AgentHost({
    home: options.home,
    cwd: options.cwd,
    env: options.env,
    runtime,
    config: () => configStore.current,
  });
  const approver = recordingApprover(chooseApprover(options), agent.approvals);
  const gate = createApprovalGate({
    approver,
    store: createConfigAllowlistStore(configStore),
    getSettings: () => approvalSettingsFromConfig(configStore.current.approvals),
    smartApprover: createSmartApprover(() => agent.resolveModel()),
    hooks: runtime.hooks,
    logger,
  });
  const terminalConfig = options.backend ? { ...config.terminal, backend: options.backend } : config.terminal;
  const terminal = new TerminalService({
    config: terminalConfig as typeof config.terminal,
    ...(options.onTerminalEvent ? { onEvent: options.onTerminalEvent } : {}),
  });
  terminal.startIdleCleanup();
  const browser = new BrowserPool({ env: options.env, logger });

  const toolServices: ToolServices = {
    env: options.env,
    home: options.home,
    agentLoop: true,
    browser,
    terminal,
    commandGate: commandGateFor(gate, terminal.config.backend),
    approve: toolApprover(approver),
    vision: createVisionService(agent),
    // Scripts reach only tools their session was offered (execute_code's RPC passes its context on).
    dispatchTool: async (name, args, ctx) =>
      ctx.offeredTools && !ctx.offeredTools.has(name)
        ? toolError(`Tool "${name}" is not available in this session`)
        : runtime.handleFunctionCall(name, args, ctx),
  };
  const discovery = await discoverTools(
    { registry: runtime.registry, logger, services: toolServices },
    BUILTIN_TOOL_MODULES,
  );
  const complete = modelCompletion(() => agent.resolveModel(options.modelOverrides?.() ?? {}));
  const mcp = new McpManager(
    runtime.registry,
    logger,
    mcpClientContext(options.home, options.cwd, { complete, ...options.mcpClient }),
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

  return {
    get config() {
      return configStore.current;
    },
    configStore,
    runtime,
    mcp,
    gate,
    terminal,
    toolServices,
    discovery,
    plugins,
    agent,
    async shutdown() {
      await Promise.allSettled([terminal.shutdown(), browser.closeAll(), mcp.closeAll()]);
      agent.close();
    },
  };
}
