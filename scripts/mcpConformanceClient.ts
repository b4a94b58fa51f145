/**
 * The client side of the MCP conformance suite (@modelcontextprotocol/conformance): connects
 * Caduceus's MCP client to the scenario's server URL (argv), lists its tools and calls each.
 * OAuth runs for real: the loopback redirect server receives the code that the "browser"
 * (a fetch that follows redirects) is sent to. Elicitation answers with the form's defaults,
 * as `--elicitation defaults` does.
 */
import { McpServerSchema } from '../src-main/config/schema';
import { MemorySecretStore } from '../src-main/handlers/settings';
import { McpCredentials } from '../src-main/mcp/auth/credentials';
import { startLoopbackReceiver } from '../src-main/mcp/auth/loopback';
import { acceptDefaults } from '../src-main/mcp/elicitation';
import { McpManager } from '../src-main/mcp/manager';
import { createStderrLogger } from '../src-main/runtime/logger';
import { ToolRuntime } from '../src-main/runtime/runtime';
import { sampleArgs } from './conformanceSampleArgs';

/** Where a client ID metadata document would be hosted; the suite only checks its shape. */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';
const SERVER = 'conformance';

async function main(url: string): Promise<void> {
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Record<string, unknown>;
  const logger = createStderrLogger('debug');
  const runtime = new ToolRuntime(logger);
  const secrets = new MemorySecretStore();
  const clientId = typeof context.client_id === 'string' ? context.client_id : undefined;
  const config = McpServerSchema.parse({
    url,
    oauth: { client_metadata_url: CLIENT_METADATA_URL, ...(clientId ? { client_id: clientId } : {}) },
  });
  if (typeof context.client_secret === 'string')
    await new McpCredentials(secrets, SERVER, url).saveClientSecret(context.client_secret);

  const manager = new McpManager(runtime.registry, logger, {
    secrets,
    elicit: acceptDefaults,
    roots: () => [process.cwd()],
  });
  const receiver = await startLoopbackReceiver();
  // Like a browser whose user approves: follow the authorization page to the redirect URI.
  const browser = async (page: string) => {
    const response = await fetch(page);
    await response.body?.cancel();
    if (!response.url.startsWith(receiver.redirectUrl))
      throw new Error(`the authorization page answered ${response.status} without redirecting back`);
  };
  try {
    const status = await manager.connect(SERVER, config, { opener: browser, receiver });
    if (status.state !== 'connected') throw new Error(`${status.state}: ${status.error ?? ''}`);
    for (const name of status.tools) {
      const spec = runtime.registry.get(name);
      const args = sampleArgs(spec?.schema.parameters);
      const result = await runtime.handleFunctionCall(name, args, {
        taskId: 'conformance',
        sessionId: 'conformance',
        toolCallId: name,
      });
      logger.info(`${name}(${JSON.stringify(args)}) -> ${result}`);
    }
  } finally {
    await manager.closeAll();
    await receiver.close();
  }
}

const url = process.argv[2];
if (!url) {
  process.stderr.write('usage: mcpConformanceClient <server-url>\n');
  process.exit(2);
}
main(url).then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`conformance client failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
