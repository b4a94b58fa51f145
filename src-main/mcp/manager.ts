import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerConfig } from '../config/schema';
import type { ToolRegistry } from '../runtime/registry';
import type { JsonSchema, Logger } from '../runtime/types';
import { McpConnection, type McpSandbox } from './connection';
import { mcpToolName, mcpToolsetName } from './naming';
import { renderMcpResult } from './toolResult';

export interface McpServerStatus {
  name: string;
  state: 'connected' | 'failed' | 'disabled';
  tools: string[];
  error?: string;
}

/**
 * Connects the configured MCP servers and keeps their tools in the registry. A server that
 * fails is reported in its status; the others and the rest of start-up go on.
 */
export class McpManager {
  private readonly connections = new Map<string, McpConnection>();
  private readonly statuses = new Map<string, McpServerStatus>();

  constructor(
    private readonly registry: ToolRegistry,
    private readonly logger: Logger,
    /** For stdio servers configured with `sandbox: true`. */
    private readonly sandbox?: McpSandbox,
  ) {}

  async connectAll(servers: Record<string, McpServerConfig>): Promise<McpServerStatus[]> {
    await Promise.all(Object.entries(servers).map(([name, config]) => this.connect(name, config)));
    return this.status();
  }

  async connect(name: string, config: McpServerConfig): Promise<McpServerStatus> {
    await this.disconnect(name);
    if (!config.enabled) return this.setStatus({ name, state: 'disabled', tools: [] });
    const connection = new McpConnection(name, config, this.logger, this.sandbox);
    try {
      await connection.connect(() => void this.refresh(name));
      this.connections.set(name, connection);
      const tools = await this.registerTools(connection);
      return this.setStatus({ name, state: 'connected', tools });
    } catch (err) {
      await connection.close();
      this.connections.delete(name);
      const error = (err as Error).message;
      this.logger.warn(`MCP server "${name}" is unavailable: ${error}`);
      return this.setStatus({ name, state: 'failed', tools: [], error });
    }
  }

  /** Re-reads a server's tool list after it announced a change. */
  async refresh(name: string): Promise<void> {
    const connection = this.connections.get(name);
    if (!connection) return;
    try {
      this.removeTools(name);
      const tools = await this.registerTools(connection);
      this.setStatus({ name, state: 'connected', tools });
    } catch (err) {
      this.logger.warn(`MCP server "${name}": refreshing its tools failed: ${(err as Error).message}`);
    }
  }

  /** Starts a server apart from the live ones, lists its tools and stops it: Settings' "Test". */
  async probe(name: string, config: McpServerConfig): Promise<{ tools: string[] }> {
    const connection = new McpConnection(name, config, this.logger, this.sandbox);
    try {
      await connection.connect(() => undefined);
      return { tools: (await connection.listTools()).map((tool) => tool.name) };
    } finally {
      await connection.close();
    }
  }

  async disconnect(name: string): Promise<void> {
    this.removeTools(name);
    const connection = this.connections.get(name);
    this.connections.delete(name);
    this.statuses.delete(name);
    await connection?.close();
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.connections.keys()].map((name) => this.disconnect(name)));
  }

  status(): McpServerStatus[] {
    return [...this.statuses.values()];
  }

  private async registerTools(connection: McpConnection): Promise<string[]> {
    const { include, exclude } = connection.config.tools;
    const toolset = mcpToolsetName(connection.name);
    const registered: string[] = [];
    for (const tool of await connection.listTools()) {
      if (include && !include.includes(tool.name)) continue;
      if (exclude.includes(tool.name)) continue;
      const name = mcpToolName(connection.name, tool.name);
      const existing = this.registry.get(name);
      if (existing && existing.toolset !== toolset) {
        // Built-in (or another server's) tools keep their name; an MCP tool never shadows them.
        this.logger.warn(
          `MCP tool "${tool.name}" of "${connection.name}" would shadow "${name}" of "${existing.toolset}"; skipped`,
        );
        continue;
      }
      this.registry.register(this.toSpec(connection, tool, name));
      registered.push(name);
    }
    return registered;
  }

  private toSpec(connection: McpConnection, tool: Tool, name: string) {
    const description = tool.description ?? tool.title ?? `${tool.name} (MCP server ${connection.name})`;
    return {
      name,
      toolset: mcpToolsetName(connection.name),
      schema: { name, description, parameters: tool.inputSchema as JsonSchema },
      emoji: '🔌',
      isAsync: true,
      parallelSafe: connection.config.supports_parallel_tool_calls,
      handler: async (args: Record<string, unknown>, ctx: { signal?: AbortSignal }) =>
        renderMcpResult(await connection.callTool(tool.name, args, ctx.signal)),
    };
  }

  private removeTools(server: string): void {
    for (const name of this.registry.toolsIn(mcpToolsetName(server))) this.registry.deregister(name);
  }

  private setStatus(status: McpServerStatus): McpServerStatus {
    this.statuses.set(status.name, status);
    return status;
  }
}
