import { readFile, mkdtemp, rm, stat, writeFile, chmod } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { PassThrough } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { secretsFile } from '../config/secretFile';
import { startOAuthMcpServer, type OAuthMcpServer } from '../mcp/testing/oauthServer';
import { main } from './main';
import { memoryIo } from './testing';

let home: string;
let server: OAuthMcpServer;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-mcp-login-'));
  server = await startOAuthMcpServer();
  await writeFile(join(home, 'config.yaml'), `mcp_servers:\n  demo:\n    url: ${server.url}\n`);
});
afterEach(async () => {
  await server.close();
  await rm(home, { recursive: true, force: true });
});

/** A $BROWSER that only records the URL it was asked to open. */
async function recordingBrowser(): Promise<{ env: NodeJS.ProcessEnv; opened: () => Promise<string> }> {
  const record = join(home, 'opened.txt');
  const script = join(home, 'browser.sh');
  await writeFile(
    script,
    `#!/bin/sh\nprintf '%s' "$1" > "${record}.tmp" && mv "${record}.tmp" "${record}"\n`,
  );
  await chmod(script, 0o755);
  const opened = async () => {
    for (let i = 0; i < 2000; i++) {
      const url = await readFile(record, 'utf8').catch(() => undefined);
      if (url) return url;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the browser was never opened');
  };
  return { env: { BROWSER: script }, opened };
}

function run(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const m = memoryIo({ CADUCEUS_HOME: home, PATH: process.env.PATH, ...env }, home);
  return main(argv, m.io).then((code) => ({ code, stdout: m.stdout(), stderr: m.stderr() }));
}

describe('caduceus mcp login / logout', () => {
  it('shows a protected server as needing sign-in, not as failed', async () => {
    const { code, stdout } = await run(['toolsets']);
    expect(code).toBe(0);
    expect(stdout).toContain('mcp-demo [mcp] needs sign-in (sign-in required): caduceus mcp login demo');
    // Nobody signed in: no client was registered on the server's behalf.
    const stored = JSON.parse(await readFile(secretsFile(home), 'utf8').catch(() => '{}'));
    const record = JSON.parse(stored['mcp_oauth:demo'] ?? '{}') as Record<string, unknown>;
    expect(record.client).toBeUndefined();
    expect(record.tokens).toBeUndefined();
  });

  it('signs in through $BROWSER and the loopback redirect, keeps tokens out of config.yaml, and logs out', async () => {
    const browser = await recordingBrowser();
    const login = run(['mcp', 'login', 'demo'], browser.env);
    const page = new URL(await browser.opened());
    expect(page.searchParams.get('code_challenge_method')).toBe('S256');
    expect(page.searchParams.get('resource')).toBe(server.url);
    const redirect = new URL(page.searchParams.get('redirect_uri') ?? '');
    expect(redirect.hostname).toBe('127.0.0.1');
    // Play the person's browser: the authorization page redirects to our loopback server.
    const landed = await fetch(page);
    expect(landed.url.startsWith(redirect.href)).toBe(true);
    expect(await landed.text()).toContain('Signed in');

    const result = await login;
    expect(result.stderr).toContain(page.href);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain('Signed in to "demo" (1 tools).');

    const stored = await readFile(secretsFile(home), 'utf8');
    const token = (JSON.parse(JSON.parse(stored)['mcp_oauth:demo']) as { tokens: { access_token: string } })
      .tokens.access_token;
    expect(token).toBeTruthy();
    expect((await stat(secretsFile(home))).mode & 0o777).toBe(0o600);
    const config = await readFile(join(home, 'config.yaml'), 'utf8');
    expect(config).not.toContain(token);
    expect(config).not.toMatch(/token|client_id/);

    // A later process uses the stored token without a browser.
    const call = await run(['call', 'mcp_demo_whoami']);
    expect(call.stdout).toMatch(/^client [0-9a-f-]{36}/);

    // An access token that lapsed is refreshed with the stored refresh token, without a browser.
    server.provider.expireAccessTokens();
    const again = await run(['call', 'mcp_demo_whoami']);
    expect(again.stdout).toMatch(/^client [0-9a-f-]{36}/);
    expect(server.provider.refreshes).toBe(1);
    expect(await readFile(secretsFile(home), 'utf8')).not.toContain(token);

    expect((await run(['mcp', 'logout', 'demo'])).stdout).toContain('Signed out of "demo".');
    expect(await readFile(secretsFile(home), 'utf8')).not.toContain('access_token');
    expect((await run(['toolsets'])).stdout).toContain('mcp-demo [mcp] needs sign-in');
  });

  it('refuses to sign in to a server that is not configured', async () => {
    const { code, stderr } = await run(['mcp', 'login', 'nope']);
    expect(code).toBe(2);
    expect(stderr).toContain('no MCP server "nope" in config.yaml');
  });
});

describe('caduceus mcp login with a pre-registered client', () => {
  it('uses the configured client_id, the secret from stdin and the fixed redirect port', async () => {
    const port = await freePort();
    const redirect = `http://127.0.0.1:${port}/callback`;
    await server.provider.clientsStore.registerClient({
      client_id: 'caduceus-desktop',
      client_secret: 's3cret-value',
      redirect_uris: [redirect],
      token_endpoint_auth_method: 'client_secret_post',
    });
    await writeFile(
      join(home, 'config.yaml'),
      `mcp_servers:\n  demo:\n    url: ${server.url}\n    oauth:\n      client_id: caduceus-desktop\n      redirect_port: ${port}\n`,
    );
    const browser = await recordingBrowser();
    const m = memoryIo({ CADUCEUS_HOME: home, PATH: process.env.PATH, ...browser.env }, home);
    (m.io.stdin as PassThrough).end('s3cret-value\n');
    const login = main(['mcp', 'login', 'demo', '--client-secret-stdin'], m.io);
    const page = new URL(await browser.opened());
    expect(page.searchParams.get('client_id')).toBe('caduceus-desktop');
    expect(page.searchParams.get('redirect_uri')).toBe(redirect);
    await (await fetch(page)).text();
    expect(await login).toBe(0);
    expect(m.stdout()).toContain('Signed in to "demo"');
    expect(await readFile(join(home, 'config.yaml'), 'utf8')).not.toContain('s3cret');
    expect(await readFile(secretsFile(home), 'utf8')).toContain('s3cret-value');
  });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
