import { describe, expect } from 'vitest';
import { test, WAIT } from './support/fixture';

/*
 * The terminals, Settings, the diff view and the Markdown renderer are chunks of their own
 * (src-renderer/ui/lazyPart.tsx): a chunk that is slow shows a placeholder in the part's place,
 * one that fails shows an error with a retry, and the retry loads it.
 */
describe('Parts of the page loaded after the first screen', () => {
  test('a terminal whose code fails to load says so, and Retry loads it', async ({ app }) => {
    const { page } = app;
    await page.setViewportSize({ width: 1400, height: 900 });
    const failing = '**/assets/TerminalPane-*.js';
    await page.route(failing, (route) => route.abort());
    await page.reload();
    await page.getByTestId('session-search').waitFor(WAIT);
    const failed = page.getByTestId('lazy-part-failed');
    await failed.waitFor(WAIT);
    expect(await failed.innerText()).toContain('Could not load the terminal.');
    // The rest of the page works meanwhile.
    expect(await page.getByTestId('chat-input').isVisible()).toBe(true);
    await app.screenshotAll('lazy-terminal-failed');
    await page.unroute(failing);
    await page.getByTestId('lazy-part-retry').click();
    // A browser that keeps a failed module's error (Chromium does) fails the retry too: then the
    // part offers to reload the page, which loads it.
    const pane = page.getByTestId('terminal-pane');
    const reload = page.getByTestId('lazy-part-reload');
    await pane.or(reload).waitFor(WAIT);
    if (await reload.isVisible()) {
      await app.screenshotAll('lazy-terminal-retried');
      await reload.click();
    }
    await pane.waitFor(WAIT);
    expect(await failed.count()).toBe(0);
    // Its terminals work: a shell opens in a tab.
    await page.getByTestId('terminal-new-shell').click();
    await page.locator('[data-testid="terminal-pane"] .xterm').waitFor(WAIT);
    await app.screenshotAll('lazy-terminal-loaded');
  }, 90_000);

  test('Settings that load slowly show a dialog that waits, then Settings', async ({ app }) => {
    const { page } = app;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/SettingsDialog-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('settings-open').click();
    const waiting = page.getByTestId('settings-loading');
    await waiting.getByText('Loading Settings…').waitFor(WAIT);
    await app.screenshotAll('lazy-settings-loading');
    // Escape closes it while it waits, as it would close Settings.
    await page.keyboard.press('Escape');
    expect(await waiting.count()).toBe(0);
    await page.getByTestId('settings-open').click();
    release();
    await page.getByTestId('settings-dialog').waitFor(WAIT);
    expect(await waiting.count()).toBe(0);
    await app.screenshotAll('lazy-settings');
  }, 90_000);
});
