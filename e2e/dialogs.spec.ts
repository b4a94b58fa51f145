import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { POLL, test, WAIT } from './support/fixture';

/** Moves focus out of every control, to the page's body. (A string: e2e code has no DOM types.) */
async function blurFocus(page: Page): Promise<void> {
  await page.evaluate('document.activeElement && document.activeElement.blur()');
  expect(await page.evaluate('document.activeElement === document.body')).toBe(true);
}

// Escape closes the dialog in front wherever focus is in the window, not only inside it.
describe('dialogs in Chromium', () => {
  test('Escape closes Settings after a toolset toggle', async ({ app }) => {
    const { page } = app;
    const dialog = page.getByTestId('settings-dialog');
    const toggle = page.locator('[data-testid="toolset-toggle"][data-toolset="file"]');
    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-nav-toolsets').click();
    await expect.poll(() => toggle.isChecked(), POLL).toBe(true);
    await toggle.click();
    await expect.poll(() => toggle.isChecked(), POLL).toBe(false);
    await expect.poll(() => toggle.isEnabled(), POLL).toBe(true); // saved, list re-read
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...WAIT });
  }, 60_000);

  test('Escape closes Settings when focus is outside it', async ({ app }) => {
    const { page } = app;
    const dialog = page.getByTestId('settings-dialog');
    await page.getByTestId('settings-open').click();
    await dialog.waitFor(WAIT);
    await blurFocus(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...WAIT });
  }, 60_000);

  test('Escape denies an approval when focus is outside the dialog', async ({ app }) => {
    const { page } = app;
    const target = join(app.work, 'kept');
    await mkdir(target, { recursive: true });
    const call = {
      id: 'call_esc',
      name: 'terminal',
      arguments: { command: 'rm -rf ./kept', workdir: app.work },
    };
    app.model.push({ toolCalls: [call] }, { text: 'Left it.' });
    await app.send('Delete the folder');
    const dialog = page.getByTestId('approval-dialog');
    await dialog.waitFor(WAIT);
    await blurFocus(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => app.card('call_esc').getAttribute('data-status'), POLL).toBe('denied');
  }, 60_000);
});
