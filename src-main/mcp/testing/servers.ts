import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { McpServerConfig } from '../../config/schema';
import { McpServerSchema } from '../../config/schema';

const require = createRequire(import.meta.url);

/** The MCP "everything" reference server from npm, over stdio. */
export function everythingServer(overrides: Partial<McpServerConfig> = {}): McpServerConfig {
  const entry = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
  return McpServerSchema.parse({
    command: process.execPath,
    args: [entry, 'stdio'],
    timeout: 30,
    ...overrides,
  });
}

/** A small server that adds a tool when asked, to exercise tools/list_changed. */
export function changingServer(): McpServerConfig {
  const entry = fileURLToPath(new URL('./changingServer.mjs', import.meta.url));
  return McpServerSchema.parse({ command: process.execPath, args: [entry], timeout: 30 });
}

/** A server that asks the client for a form (elicitation) and for its roots. */
export function clientFeaturesServer(): McpServerConfig {
  const entry = fileURLToPath(new URL('./clientFeaturesServer.mjs', import.meta.url));
  return McpServerSchema.parse({ command: process.execPath, args: [entry], timeout: 30 });
}

/** `server`'s entry under `mcp_servers:` in config.yaml, as `name`: its command and args. */
export function serverEntryYaml(name: string, server: McpServerConfig): string {
  const args = server.args.map((a) => JSON.stringify(a)).join(', ');
  return `  ${name}:\n    command: ${JSON.stringify(server.command)}\n    args: [${args}]\n`;
}
