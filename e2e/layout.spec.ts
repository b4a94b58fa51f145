import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { POLL, test, WAIT } from './support/fixture';

async function width(page: Page, testId: string): Promise<number> {
  const box = await page
    .locator(`[data-testid="${testId}"], main[aria-label="${testId}"]`)
    .first()
    .boundingBox();
  if (!box) throw new Error(`${testId} is not visible`);
  return box.width;
}

const chatWidth = (page: Page) => width(page, 'Chat');

/** A fresh layout at this window size: nothing remembered from an earlier one. */
async function openAt(page: Page, w: number, h: number): Promise<void> {
  await page.setViewportSize({ width: w, height: h });
  await page.evaluate('localStorage.clear()');
  await page.reload();
  await page.getByTestId('chat-input').waitFor(WAIT);
}

describe('layout in Chromium', () => {
  test('at 1024 px the chat has the room: the terminal starts closed and, opened, leaves the chat readable', async ({
    app,
  }) => {
    const { page } = app;
    await openAt(page, 1024, 700);
    expect(await page.getByTestId('terminal-pane').count()).toBe(0);
    expect(await chatWidth(page)).toBeGreaterThan(700);
    await app.screenshotAll('layout-1024');

    await page.getByTestId('terminal-toggle').click();
    await page.getByTestId('terminal-pane').waitFor(WAIT);
    expect(await chatWidth(page)).toBeGreaterThanOrEqual(419);
    // Collapsing the sessions list gives the panes its room.
    const before = await chatWidth(page);
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(() => page.getByTestId('session-list').count(), POLL).toBe(0);
    expect(await chatWidth(page)).toBeGreaterThan(before);
  }, 60_000);

  test('at 800 × 600 with the terminal closed the chat reaches the bottom of the window', async ({ app }) => {
    const { page } = app;
    await openAt(page, 800, 600);
    expect(await page.getByTestId('terminal-pane').count()).toBe(0);
    const chat = await page.locator('main[aria-label="Chat"]').boundingBox();
    if (!chat) throw new Error('no chat');
    // No empty band is kept for a terminal that is not there.
    expect(chat.y + chat.height).toBeGreaterThan(590);
    await app.screenshotAll('layout-800-no-terminal');
  }, 60_000);

  test('at 1024 px the terminal opens by itself once the agent runs a command', async ({ app }) => {
    const { page, model } = app;
    await openAt(page, 1024, 700);
    expect(await page.getByTestId('terminal-pane').count()).toBe(0);
    model.push(
      {
        toolCalls: [{ id: 'call_hello', name: 'terminal', arguments: { command: 'echo hello-from-agent' } }],
      },
      { text: 'Said hello.' },
    );
    await app.send('Say hello in the shell');
    await page.getByTestId('terminal-pane').waitFor(WAIT);
    await app.showAgentTerminal();
    await expect.poll(() => app.terminalText(), POLL).toContain('hello-from-agent');
    // Closed by the user, it stays closed.
    await page.getByTestId('terminal-toggle').click();
    await expect.poll(() => page.getByTestId('terminal-pane').count(), POLL).toBe(0);
  }, 60_000);

  test('panes resize by dragging and by keyboard, and the layout survives a reload', async ({ app }) => {
    const { page } = app;
    await openAt(page, 1400, 900);
    const terminal = () => width(page, 'terminal-pane');
    const sidebar = () => width(page, 'session-list');
    const startTerminal = await terminal();
    const grip = await page.getByTestId('resize-terminal').boundingBox();
    if (!grip) throw new Error('no terminal splitter');
    await page.mouse.move(grip.x + grip.width / 2, grip.y + 200);
    await page.mouse.down();
    await page.mouse.move(grip.x + grip.width / 2 - 120, grip.y + 200, { steps: 4 });
    await page.mouse.up();
    await expect.poll(terminal, POLL).toBeCloseTo(startTerminal + 120, -1);

    const startSidebar = await sidebar();
    await page.getByTestId('resize-sidebar').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(sidebar, POLL).toBeCloseTo(startSidebar + 32, 0);

    const [t, s] = [await terminal(), await sidebar()];
    await page.reload();
    await page.getByTestId('chat-input').waitFor(WAIT);
    expect(await terminal()).toBeCloseTo(t, 0);
    expect(await sidebar()).toBeCloseTo(s, 0);
  }, 60_000);

  test('a long session title is shown in full on hover', async ({ app }) => {
    const { page, model } = app;
    const long =
      'Investigate why the nightly backup job on the staging database keeps timing out after midnight';
    model.push({ text: 'Looking into it.' });
    await app.send(long);
    const title = page.locator('[data-testid="session-item"] .session-title').first();
    // The stored title (the prompt's first 60 characters) is cut by the narrow list, whole on hover.
    await expect.poll(() => title.getAttribute('title'), POLL).toBe(`${long.slice(0, 59)}…`);
    expect(await title.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  }, 60_000);
});
