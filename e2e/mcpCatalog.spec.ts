import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { everythingServer, serverEntryYaml } from '../src-main/mcp/testing/servers';
import { useApp } from './support/fixture';

const require = createRequire(import.meta.url);

// What MCP servers offer besides tools, in Settings: the reference "everything" server over stdio.
const WAIT = { timeout: 20_000 };
const POLL = { timeout: 20_000, interval: 100 };
const app = useApp('file', () => ({
  config: `mcp_servers:\n${serverEntryYaml('everything', everythingServer())}`,
}));

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

  it("offers the servers' prompts as slash commands, asks for arguments and sends the prompt", async () => {
    await app.newChat();
    const page = app.page;
    const input = page.getByTestId('chat-input');
    await input.fill('/');
    const picker = page.getByTestId('prompt-picker');
    await picker.getByTestId('prompt-option').first().waitFor(WAIT);
    const listed = await picker
      .getByTestId('prompt-option')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-command')));
    expect(listed).toEqual(expect.arrayContaining(['everything:simple-prompt', 'everything:args-prompt']));
    await app.screenshotAll('mcp2-slash-picker');

    await input.fill('/args');
    await expect
      .poll(
        () =>
          picker
            .getByTestId('prompt-option')
            .evaluateAll((els) => els.map((e) => e.getAttribute('data-command'))),
        POLL,
      )
      .toEqual(['everything:args-prompt']);
    await input.press('Enter');
    const form = page.getByTestId('prompt-args');
    await form.waitFor(WAIT);
    // city is required: nothing is inserted without it.
    expect(await form.getByTestId('prompt-insert').isDisabled()).toBe(true);
    await form.locator('[data-arg="city"]').fill('Lisbon');
    await app.screenshotAll('mcp2-slash-arguments');
    await form.getByTestId('prompt-insert').click();
    await expect.poll(() => input.inputValue(), POLL).toBe("What's weather in Lisbon?");
    expect(await form.count()).toBe(0);

    app.model.push({ text: 'Sunny.' });
    await page.getByTestId('chat-send').click();
    await expect.poll(() => app.model.requests.length, POLL).toBeGreaterThan(0);
    const user = app.model.requests[0]?.body.messages.filter((m) => m.role === 'user').at(-1);
    expect(user?.content).toBe("What's weather in Lisbon?");
  }, 60_000);

  it('attaches a resource to a message: a chip on the message, its text in the model request', async () => {
    await app.newChat();
    const page = app.page;
    await page.getByTestId('attach-resource').click();
    const picker = page.getByTestId('resource-picker');
    const uri = 'demo://resource/static/document/instructions.md';
    await picker.locator(`[data-uri="${uri}"]`).click();
    await picker.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await page.locator(`[data-testid="attachment-chip"][data-uri="${uri}"]`).count()).toBe(1);
    await page.getByTestId('chat-input').fill('Summarise the attached file');
    await app.screenshotAll('mcp2-attach-composer');

    app.model.push({ text: 'Done.' });
    await page.getByTestId('chat-send').click();
    await expect.poll(() => app.model.requests.length, POLL).toBeGreaterThan(0);
    const user = app.model.requests[0]?.body.messages.filter((m) => m.role === 'user').at(-1);
    const file = await readFile(
      require.resolve('@modelcontextprotocol/server-everything/dist/docs/instructions.md'),
      'utf8',
    );
    const sent = String(user?.content);
    expect(sent.startsWith('Summarise the attached file')).toBe(true);
    expect(sent).toContain(file.trim().slice(0, 200));
    expect(sent).toContain(`uri="${uri}"`);

    // The message shows the typed text and a chip, not the resource's text.
    const shown = page.locator('[data-testid="message"][data-role="user"]').last();
    await shown.getByTestId('attachment-chip').waitFor(WAIT);
    expect(await shown.getByTestId('attachment-chip').getAttribute('data-uri')).toBe(uri);
    expect(await shown.innerText()).not.toContain(file.trim().slice(0, 60));
    // The composer's chips went with the message.
    expect(await page.locator('.composer [data-testid="attachment-chip"]').count()).toBe(0);
  }, 60_000);
});
