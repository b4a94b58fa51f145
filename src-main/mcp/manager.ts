import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpCatalog } from '../../src-shared/ipc/mcpSchemas';
import type { McpServerConfig } from '../config/schema';
import type { ToolRegistry } from '../runtime/registry';
import type { JsonSchema, Logger, ToolContext } from '../runtime/types';
import { McpCredentials, type ReadableSecretStore } from './auth/credentials';
import type { UrlOpener } from './auth/browser';
import { NeedsSignInError, type SignInInteraction } from './auth/provider';
import { startSignIn } from './auth/signIn';
import { toolError } from '../runtime/errors';
import type { McpClientContext } from './clientContext';
import { listCatalog, promptText } from './catalog';
import { McpConnection } from './connection';
import { mcpToolName, mcpToolsetName } from './naming';
import { resourceText, resourceToolSpec } from './resourceTool';
import { renderMcpResult } from './toolResult';

export interface McpServerStatus {
  name: string;
  /** `needs_auth`: the server wants an OAuth sign-in; `error` says why. */
  state: 'connected' | 'failed' | 'disabled' | 'needs_auth';
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
    private readonly context: McpClientContext = {},
  ) {}

  /** Where this manager keeps OAuth credentials. */
  get secrets(): ReadableSecretStore {
    if (!this.context.secrets) throw new Error('no secret store for MCP credentials');
    return this.context.secrets;
  }

  async connectAll(servers: Record<string, McpServerConfig>): Promise<McpServerStatus[]> {
    if (Object.values(servers).some((c) => c.enabled && c.url)) await this.reloadSecrets();
    await Promise.all(
      Object.entries(servers).map(([name, config]) => this.connect(name, config, undefined, false)),
    );
    return this.status();
  }

  /** Another process may have signed in or out (`caduceus mcp login` while serve runs). */
  private async reloadSecrets(): Promise<void> {
    await this.context.secrets?.reload?.().catch((err: unknown) => {
      this.logger.warn(`MCP credentials could not be re-read: ${(err as Error).message}`);
    });
  }

  /**
   * Connects one server. With `interaction` (someone asked to sign in) an OAuth server opens
   * the browser; without it, a server that wants a sign-in is reported as `needs_auth`.
   */
  async connect(
    name: string,
    config: McpServerConfig,
    interaction?: SignInInteraction,
    reload = true,
  ): Promise<McpServerStatus> {
    await this.disconnect(name);
    if (!config.enabled) return this.setStatus({ name, state: 'disabled', tools: [] });
    if (reload && config.url) await this.reloadSecrets();
    const connection = new McpConnection(name, config, this.logger, this.context);
    try {
      await connection.connect(() => void this.refresh(name), interaction);
      this.connections.set(name, connection);
      const tools = await this.registerTools(connection);
      return this.setStatus({ name, state: 'connected', tools });
    } catch (err) {
      await connection.close();
      this.connections.delete(name);
      const error = (err as Error).message;
      if (needsSignIn(err)) {
        this.logger.info(`MCP server "${name}" needs sign-in: ${error}`);
        return this.setStatus({ name, state: 'needs_auth', tools: [], error: `${error}` });
      }
      this.logger.warn(`MCP server "${name}" is unavailable: ${error}`);
      return this.setStatus({ name, state: 'failed', tools: [], error });
    }
  }

  /**
   * Signs in to an HTTP server: the browser opens the authorization page, the redirect comes
   * back to a one-shot server on 127.0.0.1, then the server connects with the new tokens.
   */
  async signIn(
    name: string,
    config: McpServerConfig,
    opener: UrlOpener,
    signal?: AbortSignal,
  ): Promise<McpServerStatus> {
    if (!config.url) throw new Error(`MCP server "${name}" runs over stdio; only HTTP servers sign in`);
    const credentials = new McpCredentials(this.secrets, name, config.url);
    // The server asked for a wider scope when nobody could sign in: these tokens will not do.
    if (credentials.wantedScope()) await credentials.saveTokens(undefined);
    const interaction = await startSignIn(credentials, config.oauth, opener, signal);
    const { receiver } = interaction;
    try {
      return await this.connect(name, config, interaction);
    } finally {
      // The receiver is gone; a later step-up asks for another sign-in instead of waiting.
      const auth = this.connections.get(name)?.auth;
      if (auth) auth.interaction = undefined;
      await receiver.close();
    }
  }

  /** Forgets a server's OAuth tokens and registered client, and disconnects it. */
  async signOut(name: string, config: McpServerConfig): Promise<void> {
    await this.disconnect(name);
    if (config.url && this.context.secrets)
      await new McpCredentials(this.context.secrets, name, config.url).clear();
    this.setStatus({ name, state: 'needs_auth', tools: [], error: 'signed out' });
  }

  /** A connected server's resources and prompts; nothing for one that is not connected. */
  async catalog(name: string): Promise<McpCatalog> {
    const connection = this.connections.get(name);
    return connection ? listCatalog(connection) : { resources: [], prompts: [] };
  }

  /** prompts/get, flattened to the text of one user message. */
  async promptText(name: string, prompt: string, args: Record<string, string>): Promise<string> {
    const connection = this.connections.get(name);
    if (!connection) throw new Error(`MCP server "${name}" is not connected`);
    return promptText(await connection.getPrompt(prompt, args));
  }

  /** resources/read of a connected server, as text (binary parts are described, not inlined). */
  async resourceText(name: string, uri: string): Promise<string> {
    const connection = this.connections.get(name);
    if (!connection) throw new Error(`MCP server "${name}" is not connected`);
    return resourceText(await connection.readResource(uri));
  }

  /** Whether OAuth tokens for this HTTP server are in the secret store. */
  signedIn(name: string, config: McpServerConfig): boolean {
    if (!config.url || !this.context.secrets) return false;
    return new McpCredentials(this.context.secrets, name, config.url).hasTokens();
  }

  /** The workspace moved: servers are offered `dirs` as roots and told the list changed. */
  async setRoots(dirs: string[]): Promise<void> {
    this.context.roots = () => dirs;
    await Promise.allSettled([...this.connections.values()].map((c) => c.rootsChanged()));
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
    // A test asks no forms and spends no model tokens: no elicitation or sampling is offered.
    const { secrets, roots, sandbox } = this.context;
    const connection = new McpConnection(name, config, this.logger, { secrets, roots, sandbox });
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
    // Resources reach the agent through one read tool (filtered like the server's tools,
    // as `read_resource`), unless a server tool has its name.
    const offered = (!include || include.includes('read_resource')) && !exclude.includes('read_resource');
    if (offered && connection.hasResources()) {
      const spec = await resourceToolSpec(connection);
      if (!this.registry.has(spec.name)) {
        this.registry.register(spec);
        registered.push(spec.name);
      }
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
      handler: async (args: Record<string, unknown>, ctx: ToolContext) => {
        try {
          return renderMcpResult(await connection.callTool(tool.name, args, ctx.signal, ctx.onOutput));
        } catch (err) {
          const needs = needsSignIn(err);
          if (!needs) throw err;
          const reason = needs.message;
          const tools = this.statuses.get(connection.name)?.tools ?? [];
          this.setStatus({ name: connection.name, state: 'needs_auth', tools, error: reason });
          const what = needs.scope
            ? `needs sign-in with scope "${needs.scope}"`
            : `needs sign-in (${reason})`;
          return toolError(
            `MCP server "${connection.name}" ${what}: run "caduceus mcp login ${connection.name}" or use Sign in in Settings`,
          );
        }
      },
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

/** The SDK may wrap our error (e.g. in a transport error); look through causes. */
function needsSignIn(err: unknown): NeedsSignInError | undefined {
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof NeedsSignInError) return e;
  return undefined;
}
