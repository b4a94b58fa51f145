import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOAuthMcpServer, type OAuthMcpServer } from '../src-main/mcp/testing/oauthServer';
import { clientFeaturesServer, serverEntryYaml } from '../src-main/mcp/testing/servers';
import { AppHarness } from './support/app';

// MCP in the browser-mode app: an OAuth sign-in from Settings and a server's form in the chat.
const WAIT = { timeout: 20_000 };
const POLL = { timeout: 20_000, interval: 100 };
let app: AppHarness;
let oauth: OAuthMcpServer;
let scratch: string;

beforeAll(async () => {
  oauth = await startOAuthMcpServer();
  scratch = await mkdtemp(join(tmpdir(), 'caduceus-e2e-browser-'));
  // serve's $BROWSER: a person who approves at once (follows the page to the redirect).
  const browser = join(scratch, 'browser.mjs');
  await writeFile(browser, 'await (await fetch(process.argv[2])).text();\n');
  app = await AppHarness.start({
    config:
      `mcp_servers:\n  remote:\n    url: ${oauth.url}\n` + serverEntryYaml('form', clientFeaturesServer()),
    env: { BROWSER: `${process.execPath} ${browser}` },
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await oauth?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('MCP in Chromium', () => {
  it('signs in to an OAuth server from Settings', async () => {
    await app.newChat();
    const page = app.page;
    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-nav-mcp').click();
    const row = page.locator('[data-testid="mcp-server"][data-server="remote"]');
    await row.waitFor(WAIT);
    expect(await row.getAttribute('data-state')).toBe('needs_auth');
    await row.getByTestId('mcp-sign-in').click();
    await expect.poll(() => row.getAttribute('data-state'), POLL).toBe('connected');
    expect(await row.innerText()).toContain('1 tool');
    await app.screenshot('mcp-01-signed-in');
    expect(await app.homeFile('secrets.json')).toContain('access_token');
    await page.getByTestId('settings-close').click();
  }, 60_000);

  it('signs out of an OAuth server from Settings: tokens leave the store, the server needs sign-in', async () => {
    const page = app.page;
    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-nav-mcp').click();
    const row = page.locator('[data-testid="mcp-server"][data-server="remote"]');
    await expect.poll(() => row.getAttribute('data-state'), POLL).toBe('connected');
    // A stdio server has nothing to sign out of.
    const stdio = page.locator('[data-testid="mcp-server"][data-server="form"]');
    expect(await stdio.getByTestId('mcp-sign-out').count()).toBe(0);
    await row.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await app.screenshotAll('mcp2-settings-sign-out');
    await row.getByTestId('mcp-sign-out').click();
    await expect.poll(() => row.getAttribute('data-state'), POLL).toBe('needs_auth');
    expect(await row.getByTestId('mcp-sign-in').isVisible()).toBe(true);
    expect(await row.getByTestId('mcp-sign-out').count()).toBe(0);
    const stored = await app.homeFile('secrets.json');
    expect(stored).not.toContain('access_token');
    expect(stored).not.toContain('refresh_token');
    await page.getByTestId('settings-close').click();
  }, 60_000);

  it("shows a server's form in the chat with its defaults and sends the answer", async () => {
    await app.newChat();
    app.model.push(
      { toolCalls: [{ id: 'call_form', name: 'mcp_form_ask', arguments: {} }] },
      { text: 'Got it.' },
    );
    await app.send('Ask me about the project');
    const form = app.page.getByTestId('elicitation');
    await form.waitFor(WAIT);
    expect(await form.innerText()).toContain('Which project?');
    const name = form.getByRole('textbox');
    expect(await name.inputValue()).toBe('demo');
    await name.fill('mine');
    await app.screenshot('mcp-02-form');
    await form.getByTestId('elicitation-accept').click();
    await expect.poll(() => app.card('call_form').getAttribute('data-status'), POLL).toBe('ok');
    await form.waitFor({ state: 'detached', timeout: 10_000 });
    const toolMessage = app.model.requests[1]?.body.messages.find((m) => m.role === 'tool');
    expect(JSON.parse(String(toolMessage?.content))).toEqual({
      action: 'accept',
      content: { name: 'mine', size: 3, tier: 'pro' },
    });
  }, 60_000);
});
