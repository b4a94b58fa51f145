import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLongSessions } from '../src-main/agent/sessions/testing/longSessions';
import { POLL, WAIT, useApp } from './support/fixture';
import { onScreen, openLongSession } from './support/longSession';
import { CURRENT_ON_SCREEN, CURRENT_RANGE, CURRENT_TEXT } from './support/findMarks';

// Find-in-session while a turn runs in a long session, and Copy on an output only partly loaded.

let template: string | undefined;

beforeAll(async () => {
  template = await mkdtemp(join(tmpdir(), 'caduceus-e2e-findlive-'));
  const workspace = join(template, 'work');
  await mkdir(workspace);
  writeLongSessions(template, {
    sessions: 5,
    long: 1,
    toolCalls: 120,
    assistantMessages: 30,
    outputBytes: [1_000, 3_000],
    workspace,
  });
}, 60_000);

afterAll(async () => {
  if (template) await rm(template, { recursive: true, force: true });
});

const app = useApp('each', () => ({
  seed: (home) => copyFile(join(template ?? '', 'sessions.db'), join(home, 'sessions.db')),
  // A command's whole output is kept, so one is longer than the card's first page.
  config: 'terminal:\n  maxOutputChars: 1000000\n',
}));

const WORD = 'zephyrquokka';

const LIST = `document.querySelector('[data-testid="message-list"]')`;

/**
 * The reader scrolls to the top, and again while the list pulls the view back to the end it was
 * following (a list at the bottom may be pulled back once as rows drawn by the jump are measured).
 */
async function toTop(page: Page): Promise<void> {
  const scrolled = `(async () => {
    const list = ${LIST};
    list.scrollTop = 0;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    return list.scrollTop;
  })()`;
  await expect.poll(() => page.evaluate<number>(scrolled), POLL).toBe(0);
}

describe('find in a session whose turn runs', () => {
  it('counts hits the turn stores as it goes, and jumps to and marks hits in its live messages', async ({
    onTestFailed,
  }) => {
    const { page } = app;
    const log = app.log;
    onTestFailed(() => console.error(`caduceus serve stderr:\n${log()}`));
    await page.setViewportSize({ width: 1400, height: 900 });
    await openLongSession(page);
    await page.getByTestId('chat-input').focus();
    await page.keyboard.press('Control+f');
    await page.getByTestId('find-input').fill(WORD);
    const count = page.getByTestId('find-count');
    await expect.poll(() => count.textContent(), POLL).toBe('No matches');

    // The call waits for a file the test writes, so the turn is seen running; its arguments hold no hit.
    const gate = await mkdtemp(join(tmpdir(), 'caduceus-e2e-gate-'));
    try {
      const command = `while [ ! -f ${gate}/go ]; do sleep 0.1; done; printf 'seen the zephyr%s here\\n' quokka`;
      app.model.push({
        text: `Checking for ${WORD} now.`,
        toolCalls: [{ id: 'call_live_find', name: 'terminal', arguments: { command } }],
      });
      app.model.push({ text: `Found the ${WORD}.` });
      await app.send(`Is there a ${WORD}?`);
      const card = app.card('call_live_find');
      await expect.poll(() => card.getAttribute('data-status'), POLL).toBe('running');
      // The prompt and the message that made the call are stored: the count follows without typing.
      await expect.poll(() => count.textContent(), POLL).toBe('1 of 2');
      expect(await card.getAttribute('data-status')).toBe('running');
      await writeFile(join(gate, 'go'), '');
      await expect.poll(() => page.getByTestId('chat-status').getAttribute('data-status'), POLL).toBe('idle');
      await expect.poll(() => count.textContent(), POLL).toBe('1 of 4');
    } finally {
      await rm(gate, { recursive: true, force: true });
    }

    // Each hit of the turn, sent since the session was opened, is brought into view from the top.
    await toTop(page);
    await page.getByTestId('find-input').press('Enter');
    await expect.poll(() => count.textContent(), POLL).toBe('1 of 4');
    await expect.poll(() => page.evaluate<string | null>(CURRENT_MESSAGE), POLL).toBe('user');
    await expect.poll(() => page.evaluate<string | null>(CURRENT_TEXT), POLL).toBe(WORD);
    await expect.poll(() => page.evaluate<boolean>(CURRENT_ON_SCREEN), POLL).toBe(true);

    await toTop(page);
    await page.getByTestId('find-input').press('Enter');
    await expect.poll(() => count.textContent(), POLL).toBe('2 of 4');
    await expect.poll(() => page.evaluate<string | null>(CURRENT_MESSAGE), POLL).toBe('assistant');
    await expect.poll(() => page.evaluate<boolean>(CURRENT_ON_SCREEN), POLL).toBe(true);
    await app.screenshotAll('find-live-message');

    await toTop(page);
    await page.getByTestId('find-input').press('Enter');
    const mark = app.card('call_live_find').getByTestId('find-current');
    await expect.poll(() => mark.textContent(), POLL).toBe(WORD);
    await expect.poll(() => onScreen(mark, page.getByTestId('message-list')), POLL).toBe(true);
    await app.screenshotAll('find-live-output');

    await toTop(page);
    await page.getByTestId('find-input').press('Enter');
    await expect.poll(() => count.textContent(), POLL).toBe('4 of 4');
    await expect
      .poll(() => page.evaluate<string | null>(CURRENT_MESSAGE_TEXT), POLL)
      .toContain(`Found the ${WORD}.`);
    await expect.poll(() => page.evaluate<boolean>(CURRENT_ON_SCREEN), POLL).toBe(true);
  }, 120_000);
});

describe('Copy on a long stored output', () => {
  it('copies the whole output, saying it is busy while the rest loads, and why when it cannot', async ({
    onTestFailed,
  }) => {
    const { page } = app;
    const log = app.log;
    onTestFailed(() => console.error(`caduceus serve stderr:\n${log()}`));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    app.model.push({
      toolCalls: [{ id: 'call_seq', name: 'terminal', arguments: { command: 'seq 1 40000' } }],
    });
    app.model.push({ text: 'Counted.' });
    await app.send('Count to forty thousand');
    await expect.poll(() => app.assistantText().allInnerTexts(), POLL).toContainEqual('Counted.');

    // Requests for more than the first page are held (or refused) on their way to serve.
    let mode: 'hold' | 'fail' = 'hold';
    const held: (() => void)[] = [];
    await page.routeWebSocket(/\/ws/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        const request = JSON.parse(String(message)) as {
          id?: number;
          name?: string;
          payload?: { offset?: number };
        };
        if (request.name !== 'sessions.toolOutput' || !request.payload?.offset) return server.send(message);
        if (mode === 'hold') held.push(() => server.send(message));
        else
          ws.send(
            JSON.stringify({
              type: 'reply',
              id: request.id,
              reply: { ok: false, error: { code: 'internal', message: 'the connection dropped' } },
            }),
          );
      });
    });
    // Reloaded, the session's long output stays in the database until its card opens.
    const openCard = async () => {
      await page.reload();
      const card = app.card('call_seq');
      await card.locator('.tool-call-header').click(WAIT);
      await expect
        .poll(() => card.getByTestId('tool-output-more').textContent(), POLL)
        .toMatch(/^Showing 64 KB of \d+ KB/);
      return card;
    };
    const expected = Array.from({ length: 40_000 }, (_, i) => `${i + 1}\n`).join('');

    let card = await openCard();
    const copy = card.getByTestId('tool-output-copy');
    await copy.click();
    await expect.poll(() => copy.getAttribute('data-state'), POLL).toBe('busy');
    expect(await copy.textContent()).toBe('Copying…');
    expect(await copy.getAttribute('aria-busy')).toBe('true');
    await copy.scrollIntoViewIfNeeded();
    await app.screenshotAll('copy-busy');
    await expect.poll(() => held.length, POLL).toBe(1);
    held.shift()?.();
    await expect.poll(() => copy.getAttribute('data-state'), POLL).toBe('copied');
    const copied = await page.evaluate<string>('navigator.clipboard.readText()');
    expect(copied.length).toBe(expected.length);
    expect(copied === expected).toBe(true);

    mode = 'fail';
    await page.evaluate('navigator.clipboard.writeText("")');
    card = await openCard();
    await card.getByTestId('tool-output-copy').click();
    const error = card.getByTestId('tool-output-copy-error');
    await expect
      .poll(() => error.textContent(), POLL)
      .toBe('Could not copy: the rest of the output did not load (the connection dropped)');
    await app.screenshotAll('copy-failed');
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe('');
  }, 120_000);
});

/** The role of the message the current hit is painted in. */
const CURRENT_MESSAGE = `(() => ${CURRENT_RANGE}?.startContainer.parentElement?.closest('[data-testid="message"]')?.getAttribute('data-role') ?? null)()`;
const CURRENT_MESSAGE_TEXT = `(() => ${CURRENT_RANGE}?.startContainer.parentElement?.closest('[data-testid="message"]')?.textContent ?? null)()`;
