import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { credentialSecretName } from '../mcp/auth/credentials';
import { startOAuthMcpServer, type OAuthMcpServer } from '../mcp/testing/oauthServer';
import { useCoreHome } from '../testing/coreHome';
import { MemorySecretStore } from './settings';

let server: OAuthMcpServer;
beforeEach(async () => {
  server = await startOAuthMcpServer();
});
// Registered before the cores' home, so it runs after they are shut down.
afterEach(() => server.close());
const temp = useCoreHome('caduceus-mcp-signin-');
beforeEach(async () => {
  await writeFile(join(temp.dir, 'config.yaml'), `mcp_servers:\n  demo:\n    url: ${server.url}\n`);
});

describe('mcp.signIn / mcp.signOut', () => {
  it('shows needs_auth, signs in through the injected opener, and keeps tokens in the secret store', async () => {
    const opened: string[] = [];
    const secrets = new MemorySecretStore();
    const core = await temp.start({
      mode: 'electron',
      secrets,
      mcpSecrets: secrets,
      // Stands in for shell.openExternal and the person who approves in the browser.
      openUrl: async (url) => {
        opened.push(url);
        await (await fetch(url)).text();
      },
    });
    const before = await core.invoke('mcp.list', {});
    expect(before).toMatchObject({
      ok: true,
      value: [{ name: 'demo', state: 'needs_auth', error: 'sign-in required' }],
    });

    const signedIn = await core.invoke('mcp.signIn', { name: 'demo' });
    expect(signedIn).toMatchObject({ ok: true, value: { state: 'connected', tools: ['mcp_demo_whoami'] } });
    expect(opened).toHaveLength(1);
    expect(secrets.get(credentialSecretName('demo'))).toContain('access_token');
    expect(await readFile(join(temp.dir, 'config.yaml'), 'utf8')).not.toContain('access_token');

    const out = await core.invoke('mcp.signOut', { name: 'demo' });
    expect(out).toMatchObject({ ok: true, value: { state: 'needs_auth' } });
    expect(secrets.get(credentialSecretName('demo')) ?? '').not.toContain('access_token');
  });

  it('refuses to sign in to an unknown server', async () => {
    const core = await temp.start({ openUrl: async () => undefined });
    expect(await core.invoke('mcp.signIn', { name: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});
