import { describe, expect, it } from 'vitest';
import { useApp } from './support/fixture';
import { screenshotViews } from './support/views';

// Small things users expect, in Chromium through `caduceus serve`: keys, copy, drafts, search,
// and saying why when denying a command.
const POLL = { timeout: 15_000, interval: 100 };
const app = useApp('each');

const idle = () => app.page.getByTestId('chat-status').getAttribute('data-status');

async function chatOnce(prompt: string, answer: string): Promise<void> {
  app.model.push({ text: answer });
  await app.send(prompt);
  await expect
    .poll(() => app.assistantText().allInnerTexts(), POLL)
    .toContainEqual(expect.stringContaining(answer.slice(0, 10)));
  await expect.poll(idle, POLL).toBe('idle');
}

describe('keys and copy', () => {
  it('opens Settings with Ctrl+, focuses session search with Ctrl+K, and copies a code block', async () => {
    const { page } = app;
    await chatOnce('Show me a script', 'Here it is:\n\n```sh\necho hello\n```\n');
    await page.keyboard.press('Control+k');
    expect(
      await page.evaluate<string | null>("document.activeElement?.getAttribute('data-testid') ?? null"),
    ).toBe('session-search');
    await page.keyboard.press('Control+,');
    await page.getByTestId('settings-dialog').waitFor(POLL);
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-dialog').waitFor({ state: 'detached', ...POLL });

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByTestId('code-copy').click();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe('echo hello');
    expect(await page.getByTestId('code-copy').innerText()).toBe('Copied');
    await screenshotViews(page, 'usability-code-copy');
  }, 90_000);
});

describe('drafts and search', () => {
  it('keeps an unsent draft per session and finds sessions by word prefix with a clean snippet', async () => {
    const { page } = app;
    await chatOnce('Plan the **kubernetes** deployment', 'Step one: write the manifests.');
    await page.getByTestId('chat-input').fill('draft for the first session');
    await page.getByTestId('new-chat').click();
    await expect.poll(() => page.getByTestId('chat-input').inputValue(), POLL).toBe('');
    await chatOnce('Something else entirely', 'Sure.');
    await page.getByTestId('session-item').filter({ hasText: 'Plan the' }).locator('.session-open').click();
    await expect
      .poll(() => page.getByTestId('chat-input').inputValue(), POLL)
      .toBe('draft for the first session');
    await page.reload();
    await page.getByTestId('session-item').filter({ hasText: 'Plan the' }).locator('.session-open').click();
    await expect
      .poll(() => page.getByTestId('chat-input').inputValue(), POLL)
      .toBe('draft for the first session');

    await page.getByTestId('session-search').fill('kube');
    await expect.poll(() => page.getByTestId('session-item').count(), POLL).toBe(1);
    const snippet = await page.getByTestId('session-snippet').innerText();
    expect(snippet).toContain('kubernetes');
    expect(snippet).not.toMatch(/>>>|<<<|\*\*/);
    expect(await page.getByTestId('session-snippet').locator('mark').first().innerText()).toBe('kubernetes');
    await screenshotViews(page, 'usability-search');
  }, 90_000);
});

describe('deny with a reason', () => {
  it('sends the note to the agent and shows it on the card', async () => {
    const { page } = app;
    app.model.push({
      toolCalls: [{ id: 'call_rm', name: 'terminal', arguments: { command: 'rm -rf ./old-build' } }],
    });
    app.model.push({ text: 'Understood, keeping it.' });
    await app.send('Clean up the old build');
    await page.getByTestId('approval-dialog').waitFor(POLL);
    await page.getByTestId('approval-deny-reason').click();
    await page.getByTestId('approval-deny-note').fill('The release still needs old-build');
    await screenshotViews(page, 'usability-deny-reason');
    await page.getByTestId('approval-deny-send').click();
    const card = app.card('call_rm');
    await expect.poll(() => card.getAttribute('data-status'), POLL).toBe('denied');
    expect(await card.getByTestId('tool-refusal').innerText()).toContain('The release still needs old-build');
    await expect.poll(idle, POLL).toBe('idle');
    const sent = app.model.requests.at(-1)?.body.messages ?? [];
    expect(sent.find((m) => m.role === 'tool')?.content).toContain('The release still needs old-build');
    await screenshotViews(page, 'usability-denied-card');
  }, 90_000);
});
