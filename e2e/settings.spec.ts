import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { parse } from 'yaml';
import { hostKeyInfo } from '../src-main/terminal/backends/knownHosts';
import { sshdUnavailableReason, startSshd, type SshdFixture } from '../src-main/terminal/testing/sshd';
import { POLL, test, WAIT } from './support/fixture';

const require = createRequire(import.meta.url);
const sshdMissing = await sshdUnavailableReason();

describe('Settings check values before saving them', () => {
  let sshd: SshdFixture | undefined;
  beforeAll(async () => {
    if (!sshdMissing) sshd = await startSshd();
  });
  afterAll(() => sshd?.stop());

  test('an SSH backend with an empty host is not saved; the field says why', async ({ app }) => {
    const { page } = app;
    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-backend').selectOption('ssh');
    await page.getByTestId('backend-pending').waitFor(WAIT);
    await page.getByTestId('backend-ssh-username').fill('me');
    expect(await page.getByTestId('backend-ssh-host-error').innerText()).toBe('Host is required.');
    expect(await page.getByTestId('backend-save').isDisabled()).toBe(true);
    expect(await page.getByTestId('ssh-test').isDisabled()).toBe(true);
    await app.screenshotAll('settings-ssh-invalid');
    expect(await app.configText()).not.toMatch(/ssh/);
    // The terminal toolset still works: commands run locally.
    await page.getByTestId('settings-backend').selectOption('local');
    await expect.poll(() => page.getByTestId('backend-pending').count(), POLL).toBe(0);
  }, 60_000);

  test.skipIf(sshdMissing !== undefined)(
    'SSH "Test" shows an unknown host key’s fingerprint, trusts it on request, then connects and saves',
    async ({ app }) => {
      if (!sshd) throw new Error('sshd did not start');
      const { page } = app;
      await page.getByTestId('settings-open').click();
      await page.getByTestId('settings-backend').selectOption('ssh');
      await page.getByTestId('backend-ssh-host').fill('127.0.0.1');
      await page.getByTestId('backend-ssh-port').fill(String(sshd.port));
      await page.getByTestId('backend-ssh-username').fill(sshd.username);
      await page.getByTestId('backend-ssh-privateKeyPath').fill(sshd.privateKeyPath);
      await page.getByTestId('ssh-test').click();
      const expected = hostKeyInfo(
        '127.0.0.1',
        sshd.port,
        Buffer.from(sshd.hostKey.split(' ')[1] ?? '', 'base64'),
      );
      const fingerprint = page.getByTestId('ssh-fingerprint');
      await fingerprint.waitFor(WAIT);
      expect(await fingerprint.innerText()).toBe(expected.fingerprint);
      expect(await page.getByTestId('ssh-test-result').innerText()).toMatch(
        /✗ unknown host key for 127\.0\.0\.1/,
      );
      await app.screenshotAll('settings-ssh-host-key');

      await page.getByTestId('ssh-accept-key').click();
      await expect
        .poll(() => page.getByTestId('ssh-test-result').innerText(), POLL)
        .toBe(`✓ Connected to ${sshd.username}@127.0.0.1:${sshd.port}`);
      expect(await readFile(join(app.userHome, '.ssh', 'known_hosts'), 'utf8')).toContain(sshd.hostKey);

      await page.getByTestId('backend-save').click();
      await expect.poll(() => app.configText(), POLL).toMatch(/backend: ssh/);
      await expect.poll(() => page.getByTestId('backend-pending').count(), POLL).toBe(0);
    },
    90_000,
  );

  test('an MCP server is added through a form, tested, and saved only once it starts', async ({ app }) => {
    const { page } = app;
    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-nav-mcp').click();
    await page.getByTestId('mcp-add').click();
    await page.getByTestId('mcp-name-input').fill('everything');
    await page.getByTestId('mcp-command').fill('/nonexistent/mcp-server');
    await page.getByTestId('mcp-args').fill('');
    expect(await page.getByTestId('mcp-save').isDisabled()).toBe(true);
    await page.getByTestId('mcp-test').click();
    const result = page.getByTestId('mcp-test-result');
    await expect.poll(() => result.innerText(), POLL).toMatch(/^✗ .*(ENOENT|nonexistent)/);
    expect(await page.getByTestId('mcp-save').isDisabled()).toBe(true);
    await app.screenshotAll('settings-mcp-failed');
    expect(await app.configText()).not.toMatch(/mcp_servers/);

    const entry = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
    await page.getByTestId('mcp-command').fill(process.execPath);
    await page.getByTestId('mcp-args').fill(`${entry}\nstdio`);
    // The JSON view shows the same config and is optional.
    await page.getByTestId('mcp-json-toggle').click();
    expect(JSON.parse(await page.getByTestId('mcp-config-input').inputValue())).toEqual({
      command: process.execPath,
      args: [entry, 'stdio'],
    });
    await page.getByTestId('mcp-json-toggle').click();
    await page.getByTestId('mcp-test').click();
    await expect.poll(() => result.innerText(), POLL).toMatch(/^✓ Started; \d+ tools: .*\becho\b/);
    await page.getByTestId('mcp-save').click();
    const row = page.locator('[data-testid="mcp-server"][data-server="everything"]');
    await expect.poll(() => row.getAttribute('data-state'), POLL).toBe('connected');
    const servers = async () =>
      ((parse(await app.configText()) ?? {}) as { mcp_servers?: object }).mcp_servers;
    await expect
      .poll(servers, POLL)
      .toEqual({ everything: { command: process.execPath, args: [entry, 'stdio'] } });
  }, 90_000);
});
