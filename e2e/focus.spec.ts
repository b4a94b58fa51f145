import { describe, expect } from 'vitest';
import { ServeSocket } from './support/serveSocket';
import { POLL, test } from './support/fixture';

// A tab the agent opens must not take the keyboard from someone typing: their keys would go to
// the agent's running command instead of their message.

describe('keyboard focus', () => {
  test('typing in the composer stays there when an agent command opens its tab', async ({ app }) => {
    const { page } = app;
    const input = page.getByTestId('chat-input');
    await input.click();
    await page.keyboard.type('first half, ');

    // Another window starts an agent command that waits for input; its tab comes to the front here.
    app.model.push(
      {
        toolCalls: [
          {
            id: 'call_read',
            name: 'terminal',
            arguments: { command: 'read line; echo "got:$line"', pty: true },
          },
        ],
      },
      { text: 'Read.' },
    );
    const other = await ServeSocket.open(page.url());
    await other.request('chat.send', { text: 'Read a line' });
    await page.locator('[data-testid="terminal-tab"][data-kind="agent"]').waitFor();
    await page.getByTestId('terminal-view').waitFor();

    await page.keyboard.type('second half');
    await expect.poll(() => input.inputValue(), POLL).toBe('first half, second half');
    expect(await page.evaluate(`document.activeElement?.getAttribute('data-testid')`)).toBe('chat-input');
    expect(await app.terminalText()).not.toContain('second half');
    await other.close();
  }, 60_000);
});
