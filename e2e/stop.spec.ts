import { describe, expect, it } from 'vitest';
import { processesWith, uniqueSleep } from '../src-main/terminal/testing/commandLines';
import { useApp } from './support/fixture';

// Stop in the browser-mode app: real `caduceus serve`, a real `sleep`, real Chromium.
// Condition timeouts stay well below the ~50 s a stuck cancel used to take.
const WAIT = { timeout: 10_000 };
const POLL = { timeout: 10_000, interval: 100 };
const app = useApp('file');

describe('Stop in Chromium', () => {
  it('returns the chat to idle, marks the card stopped (also after a reload), and the next message works', async () => {
    await app.newChat();
    const { page } = app;
    const command = `sleep 100.${uniqueSleep().replace('.', '')}`;
    app.model.push({ toolCalls: [{ id: 'call_stop', name: 'terminal', arguments: { command } }] });
    await app.send('Sleep for a long time');
    const card = app.card('call_stop');
    await expect
      .poll(() => card.getAttribute('data-status'), { timeout: 20_000, interval: 100 })
      .toBe('running');
    await expect.poll(() => processesWith(command).length, POLL).toBeGreaterThan(0);

    await page.getByTestId('stop-button').click();
    await expect.poll(() => page.getByTestId('chat-status').getAttribute('data-status'), POLL).toBe('idle');
    await expect.poll(() => card.getAttribute('data-status'), POLL).toBe('stopped');
    expect(await page.getByTestId('new-chat').isEnabled()).toBe(true);
    await expect.poll(() => processesWith(command), POLL).toEqual([]);
    await app.screenshot('stop-01-stopped');

    await page.reload();
    await page
      .getByTestId('session-item')
      .filter({ hasText: 'Sleep for a long time' })
      .locator('.session-open')
      .click(WAIT);
    await expect.poll(() => card.getAttribute('data-status'), POLL).toBe('stopped');

    app.model.push({ text: 'Awake again.' });
    await app.send('Are you there?');
    await expect
      .poll(() => app.assistantText().allInnerTexts(), POLL)
      .toContainEqual(expect.stringContaining('Awake again.'));
    await expect.poll(() => page.getByTestId('chat-status').getAttribute('data-status'), POLL).toBe('idle');
    await expect.poll(() => card.getAttribute('data-status'), POLL).toBe('stopped');
  }, 90_000);
});
