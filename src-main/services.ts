import { AgentHost } from './agent/host';
import { ConfigStore } from './config/store';
import { configPath } from './config/paths';
import type { Config } from './config/schema';
import { McpManager } from './mcp/manager';
import { findPlugins, loadPlugins, type PluginReport } from './plugins/loader';
import { discoverTools, type DiscoveryReport } from './runtime/discovery';
import { ToolRuntime } from './runtime/runtime';
import type { Logger } from './runtime/types';
import { BUILTIN_TOOL_MODULES } from './tools/builtin';

export interface ServicesOptions {
  home: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  logger: Logger;
  /** Skip MCP servers (quick commands that do not need their tools). */
  connectMcp?: boolean;
  /** Who answers approval questions in this process (`caduceus chat --approvals`). */
  approvals?: 'ask' | 'deny' | 'allow';
  /** Terminal backend for this process instead of config.yaml's (`caduceus chat --backend`). */
  backend?: string;
}

export interface Services {
  /** The live config: updated after every save to config.yaml. */
  readonly config: Config;
  configStore: ConfigStore;
  runtime: ToolRuntime;
  mcp: McpManager;
  discovery: DiscoveryReport;
  plugins: PluginReport;
  /** Sessions, memory, model resolution and agents. */
  agent: AgentHost;
  shutdown(): Promise<void>;
}

/** The composition root: builds everything from config.yaml, in discovery order. */
export async function createServices(options: ServicesOptions): Promise<Services> {
  const { logger } = options;
  const configStore = new ConfigStore(configPath(options.home));
  const config = await configStore.load();
  const runtime = new ToolRuntime(logger);

  const discovery = await discoverTools(
    { registry: runtime.registry, logger, services: { env: options.env, agentLoop: true } },
    BUILTIN_TOOL_MODULES,
  );
  const mcp = new McpManager(runtime.registry, logger);
  if (options.connectMcp !== false) await mcp.connectAll(config.mcp_servers);
  const plugins = await loadPlugins(
    await findPlugins({
      home: options.home,
      cwd: options.cwd,
      enabled: config.plugins.enabled,
      packages: config.plugins.packages,
      enableProjectPlugins: options.env.CADUCEUS_ENABLE_PROJECT_PLUGINS === '1',
    }),
    { registry: runtime.registry, hooks: runtime.hooks, logger, resolveFrom: [options.home, options.cwd] },
  );

  const agent = new AgentHost({
    home: options.home,
    cwd: options.cwd,
    env: options.env,
    runtime,
    config: () => configStore.current,
  });

  return {
    get config() {
      return configStore.current;
    },
    configStore,
    runtime,
    mcp,
    discovery,
    plugins,
    agent,
    async shutdown() {
      agent.close();
      await mcp.closeAll();
    },
  };
}
