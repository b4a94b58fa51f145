import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { processesWith, uniqueSleep } from '../src-main/terminal/testing/commandLines';
import { openApp } from './support/chromium';
import { POLL, useApp } from './support/fixture';
import { startServe } from './support/serve';

// Faults found while running several sessions: Stop after a reload, a card's own time apart from
// the wait for a person, and the workspace a new chat gets when serve starts in its own checkout.
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SHOTS = process.env.CADUCEUS_SHOTS ?? join(ROOT, 'test-results', 'screenshots', 'i27');
const app = useApp('file');

/** How long the person takes to answer at least: longer than removing an empty folder takes. */
const PERSON_WAIT_MS = 3_000;

/** Seconds of a card's duration as shown ("1.2s"). */
function seconds(shown: string): number {
  const match = /^(\d+(?:\.\d+)?)s$/.exec(shown);
  if (!match) throw new Error(`not a duration in seconds: ${shown}`);
  return Number(match[1]);
}

/** The page at 1280x820 and 800x600, light and dark. */
async function shoot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  for (const [width, height] of [
    [1280, 820],
    [800, 600],
  ] as const)
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: join(SHOTS, `${name}-${width}x${height}-${colorScheme}.png`) });
    }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

const status = (page: Page) => page.getByTestId('chat-status').getAttribute('data-status');

describe('faults found on the way', () => {
  it('offers Stop after a reload during a command, and Stop ends the turn', async () => {
    await app.newChat();
    const { page } = app;
    const command = `sleep 100.${uniqueSleep().replace('.', '')}`;
    app.model.push({ toolCalls: [{ id: 'call_reload', name: 'terminal', arguments: { command } }] });
    await app.send('Sleep, then I reload');
    await expect.poll(() => processesWith(command).length, POLL).toBeGreaterThan(0);

    await page.reload();
    await page.getByTestId('chat-input').waitFor(POLL);
    const card = app.card('call_reload');
    await expect.poll(() => card.getAttribute('data-status'), POLL).toBe('running');
    await page.getByTestId('stop-button').click(POLL);
    await expect.poll(() => status(page), POLL).toBe('idle');
    await expect.poll(() => card.getAttribute('data-status'), POLL).toBe('stopped');
    await expect.poll(() => processesWith(command), POLL).toEqual([]);
  }, 90_000);

  it("shows a card's own time, and the time the person took to answer apart", async () => {
    await app.newChat();
    const { page } = app;
    const command = 'rm -r ./gone-dir';
    await mkdir(join(app.work, 'gone-dir'), { recursive: true });
    app.model.push(
      { toolCalls: [{ id: 'call_wait', name: 'terminal', arguments: { command, workdir: app.work } }] },
      { text: 'Removed.' },
    );
    await app.send('Remove the folder');
    const shown = () =>
      page
        .getByTestId('approval-command')
        .first()
        .innerText({ timeout: 1_000 })
        .catch(() => '');
    await expect.poll(shown, POLL).toBe(command);
    // The person takes their time, longer than the command takes (here, while the question is
    // photographed, and at least three seconds); the card used to count it as the command's.
    const asked = Date.now();
    await shoot(page, 'approval-waiting');
    await page.waitForTimeout(Math.max(0, PERSON_WAIT_MS - (Date.now() - asked)));
    await page.getByTestId('approval-once').first().click();
    const card = app.card('call_wait');
    await expect.poll(() => card.getAttribute('data-status'), POLL).toBe('ok');
    const wait = card.getByTestId('tool-wait');
    await expect.poll(() => wait.innerText().catch(() => ''), POLL).toMatch(/waited \d/);
    const own = (await card.getByTestId('tool-elapsed').innerText()).replace(/·.*$/, '').trim();
    const waited = (await wait.innerText()).replace(/^.*waited\s*/, '').trim();
    expect(own).not.toBe(waited);
    // The wait counted into the card's own time made it the longer of the two.
    expect(seconds(waited)).toBeGreaterThanOrEqual(PERSON_WAIT_MS / 1_000);
    expect(seconds(own)).toBeLessThan(seconds(waited));
    await shoot(page, 'card-time-with-wait');

    // Reloaded, the card says the same.
    await page.reload();
    await page.getByTestId('chat-input').waitFor(POLL);
    await expect.poll(() => app.card('call_wait').getByTestId('tool-wait').count(), POLL).toBe(1);
  }, 90_000);
});

describe('the keyboard and the terminal', () => {
  // Evaluated in the page, as text: this file is compiled without the DOM's types.
  const inTerminal = (page: Page) =>
    page.evaluate<boolean>(
      `Boolean(document.activeElement?.closest('[data-testid="terminal-pane"] .xterm'))`,
    );
  const inComposer = (page: Page) =>
    page.evaluate<boolean>(`document.activeElement?.getAttribute('data-testid') === 'chat-input'`);

  it("a command's question takes the keyboard from the composer it was sent from, prompt in view", async () => {
    await app.newChat();
    const { page } = app;
    // Enough output before the question that it would be scrolled out of view.
    const command = 'seq 1 400; read -p "Proceed with it? [y/N] " a; echo got-$a';
    app.model.push(
      {
        toolCalls: [
          { id: 'call_ask', name: 'terminal', arguments: { command, pty: true, workdir: app.work } },
        ],
      },
      { text: 'Asked.' },
    );
    await page.getByTestId('chat-input').fill('Ask me in the terminal');
    await page.getByTestId('chat-input').press('Enter');
    await page.getByTestId('input-wait').waitFor(POLL);
    await expect.poll(() => inTerminal(page), POLL).toBe(true);
    await expect.poll(() => app.terminalText(), POLL).toContain('Proceed with it? [y/N]');
    await page.keyboard.type('y');
    await page.keyboard.press('Enter');
    await expect.poll(() => app.card('call_ask').getAttribute('data-status'), POLL).toBe('ok');
  }, 90_000);

  it('Tab order leaves the terminal, and after a reload the composer has the keyboard', async () => {
    const { page } = app;
    await page.reload();
    await page.getByTestId('chat-input').waitFor(POLL);
    await expect.poll(() => inComposer(page), POLL).toBe(true);

    await app.showAgentTerminal();
    await page.getByTestId('terminal-pane').locator('.xterm-helper-textarea').focus();
    expect(await inTerminal(page)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await inTerminal(page)).toBe(true);
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => inTerminal(page), POLL).toBe(false);

    await page.getByTestId('terminal-pane').locator('.xterm-helper-textarea').focus();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect.poll(() => inTerminal(page), POLL).toBe(false);
  }, 90_000);
});

describe('the workspace of a new chat when serve starts in its own checkout', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('is the home folder, and the workspace bar says why', async () => {
    const home = await mkdtemp(join(tmpdir(), 'caduceus-e2e-home-'));
    const userHome = await mkdtemp(join(tmpdir(), 'caduceus-e2e-user-'));
    dirs.push(home, userHome);
    const served = await startServe({ home, userHome, cwd: ROOT });
    try {
      const browser = await openApp(served.url);
      try {
        const { page } = browser;
        await page.getByTestId('new-chat').click();
        await expect
          .poll(
            () =>
              page
                .getByTestId('workspace-note')
                .innerText()
                .catch(() => ''),
            POLL,
          )
          .toMatch(/Caduceus's own folder.*home folder/);
        await expect
          .poll(
            () =>
              page
                .getByTestId('workspace-input')
                .inputValue()
                .catch(() => ''),
            POLL,
          )
          .toBe(userHome);
        await shoot(page, 'workspace-bar-note');
      } finally {
        await browser.close();
      }
    } finally {
      await served.stop();
    }
  }, 90_000);
});
