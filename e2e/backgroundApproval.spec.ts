import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { POLL, test, WAIT } from './support/fixture';

// An approval whose session is not on screen (a background turn, or one left across a reload).
describe('approvals from a session not on screen', () => {
  test('the dialog names the session and tool call, opens it, and the list marks it waiting', async ({
    app,
  }) => {
    const { page, model } = app;
    const target = join(app.work, 'scratch-bg');
    await mkdir(target);
    model.push(
      {
        toolCalls: [
          {
            id: 'call_bg_rm',
            name: 'terminal',
            arguments: { command: 'rm -rf ./scratch-bg', workdir: app.work },
          },
        ],
      },
      { text: 'Deleted it.' },
    );
    await app.send('Tidy up the scratch folder');
    await page.getByTestId('approval-dialog').waitFor(WAIT);

    // The app opened afresh (an address without the session) shows a new, empty chat; the
    // approval is still pending.
    await page.goto(page.url().split('#')[0] ?? '');
    const dialog = page.getByTestId('approval-dialog');
    await dialog.waitFor(WAIT);
    expect(await page.getByTestId('message').count()).toBe(0);
    await expect
      .poll(() => dialog.getByTestId('approval-session-title').innerText(), POLL)
      .toBe('Tidy up the scratch folder');
    await expect.poll(() => dialog.getByTestId('approval-tool').innerText(), POLL).toBe('terminal');
    expect(await dialog.getByTestId('approval-origin').innerText()).toContain('call_bg_rm');
    const item = page.locator('[data-testid="session-item"]', { hasText: 'Tidy up the scratch folder' });
    await expect.poll(() => item.getAttribute('data-state'), POLL).toBe('waiting');
    await app.screenshotAll('approval-background');

    await dialog.getByTestId('approval-open-session').click();
    await expect
      .poll(() => page.locator('[data-testid="message"][data-role="user"]').allInnerTexts(), POLL)
      .toContainEqual(expect.stringContaining('Tidy up the scratch folder'));
    await expect.poll(() => dialog.getByTestId('approval-open-session').count(), POLL).toBe(0);
    expect(await dialog.getByTestId('approval-origin').innerText()).toMatch(/^Asked by this chat/);

    await page.getByTestId('approval-once').click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => existsSync(target), POLL).toBe(false);
    await expect.poll(() => item.getAttribute('data-state'), POLL).toBe('idle');
  }, 90_000);

  test('a session with a turn running in the background is marked running in the list', async ({ app }) => {
    const { page, model } = app;
    const dir = join(app.work, 'bg-run');
    await mkdir(dir);
    const command = 'until [ -e release.flag ]; do sleep 0.1; done; echo released';
    model.push(
      { toolCalls: [{ id: 'call_bg_wait', name: 'terminal', arguments: { command, workdir: dir } }] },
      { text: 'Done waiting.' },
    );
    await app.send('Wait for the flag');
    const item = page.locator('[data-testid="session-item"]', { hasText: 'Wait for the flag' });
    await expect.poll(() => item.getAttribute('data-state'), POLL).toBe('running');
    // Also after a reload, when this page did not start the turn.
    await page.reload();
    await expect.poll(() => item.getAttribute('data-state'), POLL).toBe('running');
    expect(await item.getByTestId('session-state').innerText()).toBe('running');
    await writeFile(join(dir, 'release.flag'), '');
    await expect.poll(() => item.getAttribute('data-state'), POLL).toBe('idle');
  }, 90_000);
});
