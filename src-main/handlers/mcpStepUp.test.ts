import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startOAuthMcpServer, type OAuthMcpServer } from '../mcp/testing/oauthServer';
import { useCoreHome } from '../testing/coreHome';
import { MemorySecretStore } from './settings';

/** Step-up sign-in in the UI hosts (the app, `serve`): a tool call meets 403 insufficient_scope. */
let server: OAuthMcpServer;
beforeEach(async () => {
  server = await startOAuthMcpServer({ stepUpScope: 'mcp:write' });
});
// Registered before the cores' home, so it runs after they are shut down.
afterEach(() => server.close());
const temp = useCoreHome('caduceus-mcp-stepup-');
beforeEach(async () => {
  await writeFile(join(temp.dir, 'config.yaml'), `mcp_servers:\n  demo:\n    url: ${server.url}\n`);
});

const ctx = { taskId: 't', sessionId: 's', toolCallId: 'c' };

describe('MCP step-up sign-in in the app and serve', () => {
  it('opens the sign-in page for the wider scope during the call, then retries it', async () => {
    const opened: string[] = [];
    const secrets = new MemorySecretStore();
    const core = await temp.start({
      secrets,
      mcpSecrets: secrets,
      // Stands in for the browser of a person who approves.
      openUrl: async (url) => {
        opened.push(url);
        await (await fetch(url)).text();
      },
    });
    expect(await core.invoke('mcp.signIn', { name: 'demo' })).toMatchObject({ ok: true });
    expect(opened).toHaveLength(1);

    const outcome = await core.root.runtime.handleFunctionCall('mcp_demo_publish', {}, ctx);
    expect(outcome.text).toContain('published');
    expect(opened).toHaveLength(2);
    expect(new URL(opened[1] ?? '').searchParams.get('scope')).toBe('mcp:tools mcp:write');
  });

  it('with every prompt denied, fails the call naming the scope and opens nothing', async () => {
    const opened: string[] = [];
    const secrets = new MemorySecretStore();
    const openUrl = async (url: string) => {
      opened.push(url);
      await (await fetch(url)).text();
    };
    const signer = await temp.start({ secrets, mcpSecrets: secrets, openUrl });
    expect(await signer.invoke('mcp.signIn', { name: 'demo' })).toMatchObject({ ok: true });
    await signer.shutdown();

    const core = await temp.start({ secrets, mcpSecrets: secrets, openUrl, approvals: 'deny' });
    const outcome = await core.root.runtime.handleFunctionCall('mcp_demo_publish', {}, ctx);
    expect((JSON.parse(outcome.text) as { error: string }).error).toContain(
      'MCP server "demo" needs sign-in with scope "mcp:tools mcp:write"',
    );
    expect(opened).toHaveLength(1);
  });
});
