import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer } from '../src-main/mcp/testing/servers';
import { AppHarness } from './support/app';

// What MCP servers offer besides tools, in Settings: the reference "everything" server over stdio.
const WAIT = { timeout: 20_000 };
const POLL = { timeout: 20_000, interval: 100 };
let app: AppHarness;

beforeAll(async () => {
  const server = everythingServer();
  const args = server.args.map((a) => JSON.stringify(a)).join(', ');
  app = await AppHarness.start({
    config: `mcp_servers:\n  everything:\n    command: ${JSON.stringify(server.command)}\n    args: [${args}]\n`,
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('MCP resources and prompts in Chromium', () => {
  it("lists a connected server's resources and prompts under it in Settings", async () => {
    await app.newChat();
    const page = app.page;
    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-nav-mcp').click();
    const row = page.locator('[data-testid="mcp-server"][data-server="everything"]');
    await expect.poll(() => row.getAttribute('data-state'), POLL).toBe('connected');
    const catalog = row.getByTestId('mcp-catalog');
    await catalog.locator('summary').click();
    const resources = catalog.getByTestId('mcp-resource');
    await resources.first().waitFor(WAIT);
    const uris = await resources.evaluateAll((els) => els.map((e) => e.getAttribute('data-uri')));
    expect(uris).toContain('demo://resource/static/document/instructions.md');
    const prompts = await catalog
      .getByTestId('mcp-prompt')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-prompt')));
    expect(prompts).toEqual(expect.arrayContaining(['simple-prompt', 'args-prompt']));
    expect(await catalog.locator('[data-prompt="args-prompt"]').innerText()).toContain('city, state');
    await page.getByTestId('settings-mcp').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await app.screenshotAll('mcp2-settings-catalog');
    await page.getByTestId('settings-close').click();
  }, 60_000);
});
