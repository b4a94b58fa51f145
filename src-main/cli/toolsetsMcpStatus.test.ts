import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOAuthMcpServer, type OAuthMcpServer } from '../mcp/testing/oauthServer';
import { everythingServer } from '../mcp/testing/servers';
import { main } from './main';
import { memoryIo } from './testing';

let home: string;
let oauth: OAuthMcpServer;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-toolsets-mcp-'));
  oauth = await startOAuthMcpServer();
  const everything = everythingServer();
  await writeFile(
    join(home, 'config.yaml'),
    [
      'mcp_servers:',
      '  everything:',
      `    command: ${JSON.stringify(everything.command)}`,
      `    args: ${JSON.stringify(everything.args)}`,
      '  dead:',
      '    command: /nonexistent/server',
      '  off:',
      '    command: /nonexistent/server',
      '    enabled: false',
      '  locked:',
      `    url: ${oauth.url}`,
      '',
    ].join('\n'),
  );
});
afterAll(async () => {
  await oauth.close();
  await rm(home, { recursive: true, force: true });
});

interface Row {
  name: string;
  kind: string;
  available: boolean;
  mcp?: { server: string; state: string; error?: string; tools: number };
}

describe('caduceus toolsets --json with MCP servers', () => {
  it('gives every configured server a row with its state: connected, needs sign-in, failed with reason, disabled', async () => {
    const m = memoryIo({ CADUCEUS_HOME: home, PATH: process.env.PATH }, home);
    expect(await main(['toolsets', '--json'], m.io)).toBe(0);
    const rows = JSON.parse(m.stdout()) as Row[];
    const row = (name: string) => rows.find((r) => r.name === name);

    expect(row('mcp-everything')).toMatchObject({
      kind: 'mcp',
      available: true,
      mcp: { server: 'everything', state: 'connected' },
    });
    expect(row('mcp-everything')?.mcp?.tools).toBeGreaterThan(5);
    expect(row('mcp-locked')).toMatchObject({
      kind: 'mcp',
      available: false,
      mcp: { server: 'locked', state: 'needs_auth', tools: 0 },
    });
    expect(row('mcp-dead')).toMatchObject({ kind: 'mcp', available: false, mcp: { state: 'failed' } });
    expect(row('mcp-dead')?.mcp?.error).toMatch(/nonexistent|ENOENT|closed/i);
    expect(row('mcp-off')).toMatchObject({ kind: 'mcp', available: false, mcp: { state: 'disabled' } });
    // Built-in toolsets carry no MCP status.
    expect(row('terminal')?.mcp).toBeUndefined();
  });
});
