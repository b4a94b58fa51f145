import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLongSessions, type LongSessionsFixture } from '../src-main/agent/sessions/testing/longSessions';
import { processesWith, uniqueSleep } from '../src-main/terminal/testing/commandLines';
import { POLL, WAIT, useApp } from './support/fixture';
import { CURRENT_ON_SCREEN, CURRENT_TEXT } from './support/findMarks';
import { onScreen, openLongSession } from './support/longSession';

// A long session in the browser-mode app: find a word in an early tool output, jump there with its
// card opened, then send a message and stop it, at both window sizes.

let template: { dir: string; fixture: LongSessionsFixture } | undefined;

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'caduceus-e2e-long-'));
  // The sessions' own small folder: a turn checkpoints its workspace, and all of /tmp is large.
  const workspace = join(dir, 'work');
  await mkdir(workspace);
  const fixture = writeLongSessions(dir, {
    sessions: 30,
    long: 1,
    toolCalls: 300,
    assistantMessages: 60,
    outputBytes: [2_000, 8_000],
    workspace,
  });
  template = { dir, fixture };
}, 60_000);

afterAll(async () => {
  if (template) await rm(template.dir, { recursive: true, force: true });
});

// Each test gets its own serve on a fresh copy of the database, and its own page.
const app = useApp('each', () => ({
  seed: (home) => copyFile(join(template?.dir ?? '', 'sessions.db'), join(home, 'sessions.db')),
}));

const SIZES = [
  { width: 1400, height: 900 },
  { width: 1024, height: 700 },
] as const;

describe('a long session', () => {
  for (const size of SIZES)
    it(`at ${size.width}x${size.height}: finds an early hit, opens its card, then a turn can be stopped`, async ({
      onTestFailed,
    }) => {
      const { page } = app;
      const log = app.log;
      onTestFailed(() => console.error(`caduceus serve stderr:\n${log()}`));
      const { fixture } = template!;
      await page.setViewportSize(size);
      await openLongSession(page);

      // Ctrl+F opens the bar with its input focused; typing finds the one hit in the whole session.
      await page.getByTestId('chat-input').focus();
      await page.keyboard.press('Control+f');
      const bar = page.getByTestId('find-in-session');
      await bar.waitFor(WAIT);
      expect(await bar.getAttribute('role')).toBe('search');
      await expect.poll(() => page.evaluate<string | null>(FOCUSED), POLL).toBe('find-input');
      await page.keyboard.type(fixture.earlyMark.toUpperCase());
      await expect.poll(() => page.getByTestId('find-count').textContent(), POLL).toBe('1 of 1');
      await page.keyboard.press('Enter');

      // The hit's card, near the start of the session, is open with the word marked and on screen.
      const card = app.card(fixture.earlyMarkCall);
      await expect
        .poll(() => card.locator('.tool-call-header').getAttribute('aria-expanded'), POLL)
        .toBe('true');
      const mark = card.getByTestId('find-current');
      await expect.poll(() => mark.textContent(), POLL).toBe(fixture.earlyMark);
      await expect
        .poll(() => card.getByTestId('tool-output').textContent(), POLL)
        .toContain(`found ${fixture.earlyMark} here`);
      await expect.poll(() => onScreen(mark, page.getByTestId('message-list')), POLL).toBe(true);
      // Near the session's start: the view is in the first fifth of the transcript.
      const place = await page.evaluate<{ top: number; height: number }>(LIST_PLACE);
      expect(place.top).toBeLessThan(place.height / 5);

      // The reader opens another card there by hand: it opens where it is, its output loaded.
      const next = card.locator('xpath=following::*[@data-testid="tool-call"][1]');
      const header = next.locator('.tool-call-header');
      expect(await header.getAttribute('aria-expanded')).toBe('false');
      await header.click();
      await expect.poll(() => header.getAttribute('aria-expanded'), POLL).toBe('true');
      await next.locator('.tool-call-body').waitFor(WAIT);
      await expect.poll(() => next.getByTestId('tool-output-loading').count(), POLL).toBe(0);
      await expect
        .poll(() => next.locator('.tool-call-body').innerText(), POLL)
        .toMatch(/ARGUMENTS|Arguments/);
      await expect.poll(() => onScreen(header, page.getByTestId('message-list')), POLL).toBe(true);
      const after = await page.evaluate<{ top: number; height: number }>(LIST_PLACE);
      expect(after.top).toBeLessThan(after.height / 5);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await app.screenshot(`long-session-find-${size.width}-${colorScheme}`);
      }
      await page.emulateMedia({ colorScheme: null });

      // A hit in a message's rendered Markdown is highlighted where it is drawn, and on screen.
      await page.getByTestId('find-input').fill('step 2:');
      await expect.poll(() => page.getByTestId('find-count').textContent(), POLL).toBe('1 of 1');
      await expect.poll(() => page.evaluate<string | null>(CURRENT_TEXT), POLL).toBe('Step 2:');
      await expect.poll(() => page.evaluate<boolean>(CURRENT_ON_SCREEN), POLL).toBe(true);
      await app.screenshot(`long-session-find-text-${size.width}`);

      // Escape closes the bar, clears the marks and gives the focus back.
      await page.getByTestId('find-input').press('Escape');
      await bar.waitFor({ state: 'detached', ...WAIT });
      expect(await mark.count()).toBe(0);
      expect(await page.evaluate<string | null>(FOCUSED)).toBe('chat-input');
      expect(await page.evaluate<number>('CSS.highlights.size')).toBe(0);

      // A new message in the long session runs, and Stop ends it with the composer usable again.
      const command = `sleep 100.${uniqueSleep().replace('.', '')}`;
      app.model.push({ toolCalls: [{ id: 'call_long_stop', name: 'terminal', arguments: { command } }] });
      await app.send('Sleep for a long time');
      const running = app.card('call_long_stop');
      await expect.poll(() => running.getAttribute('data-status'), POLL).toBe('running');
      // Sent from near the start, the view goes to the end, where the running call is.
      await expect.poll(() => onScreen(running, page.getByTestId('message-list')), POLL).toBe(true);
      await page.getByTestId('stop-button').click();
      await expect.poll(() => page.getByTestId('chat-status').getAttribute('data-status'), POLL).toBe('idle');
      await expect.poll(() => running.getAttribute('data-status'), POLL).toBe('stopped');
      await expect.poll(() => processesWith(command), POLL).toEqual([]);
      app.model.push({ text: 'Awake again.' });
      await app.send('Are you there?');
      await expect
        .poll(() => app.assistantText().allInnerTexts(), POLL)
        .toContainEqual(expect.stringContaining('Awake again.'))
        .catch(async (err: Error) => {
          throw new Error(`${err.message}\n${await app.explainChat()}`);
        });
    }, 120_000);
});

const FOCUSED = `document.activeElement?.getAttribute('data-testid') ?? null`;
const LIST_PLACE = `(() => {
  const list = document.querySelector('[data-testid="message-list"]');
  return { top: list?.scrollTop ?? -1, height: list?.scrollHeight ?? 0 };
})()`;
