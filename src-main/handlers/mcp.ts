import type { McpServerInfo } from '../../src-shared/ipc/schemas';
import { McpServerSchema, type Config } from '../config/schema';
import type { ConfigStore } from '../config/store';
import { setValue } from '../config/yamlEdit';
import { ContractError } from '../contract/router';
import type { UrlOpener } from '../mcp/auth/browser';
import type { McpManager } from '../mcp/manager';

export function mcpView(manager: McpManager, config: Config): McpServerInfo[] {
  const statuses = new Map(manager.status().map((s) => [s.name, s]));
  return Object.entries(config.mcp_servers).map(([name, server]) => {
    const status = statuses.get(name);
    return {
      name,
      state: status?.state ?? (server.enabled ? 'failed' : 'disabled'),
      tools: status?.tools ?? [],
      ...(status?.error ? { error: status.error } : {}),
      config: server as Record<string, unknown>,
      signedIn: manager.signedIn(name, server),
    };
  });
}

/** Adds or edits a server, saves it, and (re)connects it at once. */
export async function upsertMcpServer(
  store: ConfigStore,
  manager: McpManager,
  name: string,
  raw: Record<string, unknown>,
): Promise<McpServerInfo> {
  const parsed = McpServerSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ContractError(
      'invalid_config',
      `MCP server "${name}": ${issue?.path.join('.') || 'config'}: ${issue?.message}`,
    );
  }
  await store.update((doc) => setValue(doc, ['mcp_servers', name], raw));
  const status = await manager.connect(name, parsed.data);
  const signedIn = manager.signedIn(name, parsed.data);
  return { ...status, config: parsed.data as Record<string, unknown>, signedIn };
}

/** Signs in to an HTTP server in the system browser (`opener`) and reconnects it. */
export async function signInMcpServer(
  manager: McpManager,
  config: Config,
  name: string,
  opener: UrlOpener,
): Promise<McpServerInfo> {
  const server = serverOf(config, name);
  if (!server.url)
    throw new ContractError('invalid_request', `MCP server "${name}" runs over stdio; it has no sign-in`);
  const status = await manager.signIn(name, server, opener);
  return { ...status, config: server as Record<string, unknown>, signedIn: manager.signedIn(name, server) };
}

export async function signOutMcpServer(
  manager: McpManager,
  config: Config,
  name: string,
): Promise<McpServerInfo> {
  const server = serverOf(config, name);
  await manager.signOut(name, server);
  return (
    mcpView(manager, config).find((s) => s.name === name) ?? {
      name,
      state: 'needs_auth',
      tools: [],
      config: {},
    }
  );
}

function serverOf(config: Config, name: string) {
  const server = config.mcp_servers[name];
  if (!server) throw new ContractError('not_found', `No MCP server "${name}"`);
  return server;
}

export async function removeMcpServer(store: ConfigStore, manager: McpManager, name: string): Promise<void> {
  await manager.disconnect(name);
  await store.update((doc) => void doc.deleteIn(['mcp_servers', name]));
}
