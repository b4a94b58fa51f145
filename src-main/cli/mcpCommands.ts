import { parseArgs } from 'node:util';
import { systemBrowserOpener, type UrlOpener } from '../mcp/auth/browser';
import { McpCredentials } from '../mcp/auth/credentials';
import type { AppRoot } from '../appRoot';
import { UsageError, writeLine, type Io } from './args';

function serverConfig(root: AppRoot, name: string | undefined, usage: string) {
  if (!name) throw new UsageError(usage);
  const config = root.config.mcp_servers[name];
  if (!config) throw new UsageError(`no MCP server "${name}" in config.yaml`);
  return config;
}

/**
 * Opens a sign-in page in the browser and prints its URL too: the browser may not open (no
 * display, a remote shell). Also what a command on a terminal shows for a step-up sign-in.
 */
export function printingOpener(
  io: Io,
  what: string,
  opener: UrlOpener = systemBrowserOpener(io.env),
): UrlOpener {
  return async (url) => {
    writeLine(io.stderr, `Opening the sign-in page ${what} in your browser:\n  ${url}`);
    await opener(url).catch((err: unknown) =>
      writeLine(io.stderr, `(${(err as Error).message}; open the URL yourself)`),
    );
  };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text.trim();
}

/** `caduceus mcp login <server> [--client-secret-stdin]`: OAuth sign-in in the browser. */
export async function mcpLogin(
  root: AppRoot,
  argv: string[],
  io: Io,
  opener: UrlOpener = systemBrowserOpener(io.env),
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { 'client-secret-stdin': { type: 'boolean' } },
  });
  const [name] = positionals;
  const config = serverConfig(root, name, 'caduceus mcp login <server> [--client-secret-stdin]');
  if (!name || !config.url)
    throw new UsageError(`MCP server "${name}" runs over stdio; only HTTP servers sign in`);
  const secrets = root.mcp.secrets;
  if (values['client-secret-stdin'])
    await new McpCredentials(secrets, name, config.url).saveClientSecret(await readAll(io.stdin));
  const status = await root.mcp.signIn(name, config, printingOpener(io, `for "${name}"`, opener));
  if (status.state !== 'connected') {
    writeLine(io.stderr, `caduceus: sign-in to "${name}" failed: ${status.error ?? status.state}`);
    return 1;
  }
  writeLine(io.stdout, `Signed in to "${name}" (${status.tools.length} tools).`);
  const { label, note } = secrets.place;
  writeLine(io.stderr, `Tokens are kept in ${label}.${note ? ` ${note}` : ''}`);
  return 0;
}

/** `caduceus mcp logout <server>`: forgets the server's tokens and registered client. */
export async function mcpLogout(root: AppRoot, argv: string[], io: Io): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
  const [name] = positionals;
  const config = serverConfig(root, name, 'caduceus mcp logout <server>');
  if (!name) return 2;
  await root.mcp.signOut(name, config);
  writeLine(io.stdout, `Signed out of "${name}".`);
  return 0;
}
