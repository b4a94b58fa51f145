import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startOAuthMcpServer, type OAuthMcpServer } from '../mcp/testing/oauthServer';
import { main } from './main';
import { memoryIo } from './testing';

/** Step-up sign-in: a server answers a tool call with 403 insufficient_scope. */
let home: string;
let server: OAuthMcpServer;
let browserEnv: NodeJS.ProcessEnv;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-mcp-stepup-'));
  // Refresh tokens too, which keep the old scope: step-up must not settle for a refresh.
  server = await startOAuthMcpServer({ stepUpScope: 'mcp:write' });
  await writeFile(join(home, 'config.yaml'), `mcp_servers:\n  demo:\n    url: ${server.url}\n`);
  // A person who approves every sign-in page: follow it to the loopback redirect.
  const browser = join(home, 'browser.mjs');
  await writeFile(browser, 'const r = await fetch(process.argv[2]);\nawait r.text();\n');
  browserEnv = { BROWSER: `${process.execPath} ${browser}` };
});
afterEach(async () => {
  await server.close();
  await rm(home, { recursive: true, force: true });
});

async function run(argv: string[], terminal: boolean) {
  const m = memoryIo({ CADUCEUS_HOME: home, PATH: process.env.PATH, ...browserEnv }, home);
  if (terminal) Object.assign(m.io.stdin, { isTTY: true });
  const code = await main(argv, m.io);
  return { code, stdout: m.stdout(), stderr: m.stderr() };
}

describe('MCP step-up sign-in from the CLI', () => {
  it('on a terminal, signs in again with the wider scope and retries the call', async () => {
    expect((await run(['mcp', 'login', 'demo'], true)).code).toBe(0);
    expect(server.provider.authorizations).toEqual(['mcp:tools']);

    const call = await run(['call', 'mcp_demo_publish'], true);
    expect(call.stdout).toContain('published');
    expect(call.code).toBe(0);
    expect(call.stderr).toContain('Opening the sign-in page an MCP server asks for');
    expect(server.provider.authorizations).toEqual(['mcp:tools', 'mcp:tools mcp:write']);

    // The wider token is kept: the next process calls without a browser.
    expect((await run(['call', 'mcp_demo_publish'], false)).stdout).toContain('published');
    expect(server.provider.authorizations).toHaveLength(2);
  });

  it('without a terminal, fails at once saying which scope to sign in with', async () => {
    expect((await run(['mcp', 'login', 'demo'], true)).code).toBe(0);

    const call = await run(['call', 'mcp_demo_publish'], false);
    expect(call.code).toBe(1);
    expect((JSON.parse(call.stdout) as { error: string }).error).toContain(
      'MCP server "demo" needs sign-in with scope "mcp:tools mcp:write": run "caduceus mcp login demo"',
    );
    expect(server.provider.authorizations).toEqual(['mcp:tools']);
    expect(server.provider.refreshes).toBe(0);

    // Signing in as the message says asks for that scope, and the call then goes through.
    expect((await run(['mcp', 'login', 'demo'], true)).code).toBe(0);
    expect(server.provider.authorizations).toEqual(['mcp:tools', 'mcp:tools mcp:write']);
    expect((await run(['call', 'mcp_demo_publish'], false)).stdout).toContain('published');
  });
});
