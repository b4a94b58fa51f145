import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigStore } from '../config/store';
import { McpManager } from '../mcp/manager';
import { everythingServer } from '../mcp/testing/servers';
import { ToolRegistry } from '../runtime/registry';
import { MemorySecretStore, updateSettings } from './settings';
import { acceptOfferedHostKey, testMcpServer, testSsh } from './settingsChecks';
import { sshdUnavailableReason, startSshd } from '../terminal/testing/sshd';

const sshdMissing = await sshdUnavailableReason();

let dir: string;
let file: string;
const BEFORE = 'terminal:\n  backend: local\n';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-settings-checks-'));
  file = join(dir, 'config.yaml');
  await writeFile(file, BEFORE);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('settings.update refuses a terminal backend it could not use', () => {
  it.each([
    ['SSH with an empty host', { backend: 'ssh', ssh: { host: '', username: 'me' } }, /terminal\.ssh\.host/],
    ['SSH with no options at all', { backend: 'ssh' }, /terminal\.ssh: set the host and user/],
    ['an SSH port out of range', { ssh: { host: 'h', username: 'me', port: 70000 } }, /terminal\.ssh\.port/],
  ])('%s, leaving config.yaml as it was', async (_name, terminal, message) => {
    const change = updateSettings(new ConfigStore(file), new MemorySecretStore(), { terminal });
    await expect(change).rejects.toThrow(message);
    expect(await readFile(file, 'utf8')).toBe(BEFORE);
  });

  it('saves a complete SSH backend', async () => {
    await updateSettings(new ConfigStore(file), new MemorySecretStore(), {
      terminal: { backend: 'ssh', ssh: { host: '127.0.0.1', username: 'me' } },
    });
    expect(await readFile(file, 'utf8')).toMatch(/backend: ssh/);
  });
});

describe('Settings tests', () => {
  it('reports an SSH server that is not there with the connection error', async () => {
    const result = await testSsh({ host: '127.0.0.1', port: 1, username: 'me', readyTimeoutSeconds: 5 });
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/ECONNREFUSED/);
    expect(result.hostKey).toBeUndefined();
  });

  it.skipIf(sshdMissing !== undefined)(
    'offers an unknown host key for a known_hosts file, and appends it only there',
    async () => {
      const sshd = await startSshd();
      try {
        const base = {
          host: '127.0.0.1',
          port: sshd.port,
          username: sshd.username,
          privateKeyPath: sshd.privateKeyPath,
        };
        const bashrc = join(dir, '.bashrc');
        await writeFile(bashrc, 'echo hi\n');
        const elsewhere = await testSsh({ ...base, knownHostsPath: bashrc });
        await expect(acceptOfferedHostKey(elsewhere.hostKey?.id ?? '')).rejects.toThrow(/not offered/);
        expect(await readFile(bashrc, 'utf8')).toBe('echo hi\n');

        const knownHostsPath = join(dir, 'known_hosts');
        const offered = await testSsh({ ...base, knownHostsPath });
        expect(offered.hostKey?.fingerprint).toMatch(/^SHA256:/);
        await acceptOfferedHostKey(offered.hostKey?.id ?? '');
        expect(await readFile(knownHostsPath, 'utf8')).toContain(sshd.hostKey);
        expect((await testSsh({ ...base, knownHostsPath })).ok).toBe(true);
      } finally {
        await sshd.stop();
      }
    },
    60_000,
  );

  it('accepts only a host key a test was offered', async () => {
    await expect(acceptOfferedHostKey('made-up')).rejects.toThrow(/not offered by a test/);
  });

  it('starts an MCP server to list its tools, and reports one that cannot start', async () => {
    const logger = { debug() {}, info() {}, warn() {}, error() {} };
    const manager = new McpManager(new ToolRegistry(logger), logger);
    const good = await testMcpServer(manager, 'everything', everythingServer() as Record<string, unknown>);
    expect(good.ok).toBe(true);
    expect(good.tools).toContain('echo');
    expect(manager.status()).toEqual([]); // nothing live was added
    const bad = await testMcpServer(manager, 'broken', { command: '/nonexistent/server' });
    expect(bad).toMatchObject({ ok: false, tools: [] });
    expect(bad.error).toMatch(/ENOENT|nonexistent/);
  }, 60_000);
});
