import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { RecordedRequest, ScriptedReply } from '../src-main/agent/testing/scriptedModel';
import { POLL, test, WAIT } from './support/fixture';
import { SCREENSHOTS } from './support/views';

const SHOTS = join(SCREENSHOTS, 'sessions-side-by-side');

/** A gate the test opens: the scripted model holds a session's reply until then. */
function gate(): { open(): void; opened: Promise<void> } {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Records the notifications the page shows, with permission already granted. */
async function stubNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: { title: string; body: string }[] = [];
    (globalThis as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
    class StubNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body ?? '' });
      }
      close() {}
    }
    (globalThis as unknown as { Notification: unknown }).Notification = StubNotification;
  });
  await page.reload();
  await page.getByTestId('chat-input').waitFor(WAIT);
}

const shown = (page: Page) =>
  page.evaluate(
    () => (globalThis as unknown as { shownNotifications: { title: string }[] }).shownNotifications,
  );

/** The page at 1280×820 and 800×600 (the list opened over the chat), light and dark. */
async function screenshots(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  for (const [width, height] of [
    [1280, 820],
    [800, 600],
  ] as const) {
    await page.setViewportSize({ width, height });
    // A narrow window stacks the panes with the list hidden: show it, as the person would.
    if (!(await page.getByTestId('session-list').isVisible()))
      await page.getByTestId('sidebar-toggle').click();
    await page.getByTestId('session-list').waitFor(WAIT);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: join(SHOTS, `${name}-${width}x${height}-${colorScheme}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 820 });
  await page.emulateMedia({ colorScheme: null });
}

function firstUserText(request: RecordedRequest): string {
  const user = request.body.messages.find((m) => m.role === 'user');
  return typeof user?.content === 'string' ? user.content : '';
}

describe('sessions side by side', () => {
  test('two turns run at once, a third waits for approval out of view: its row, the title count and a notification say so', async ({
    app,
  }) => {
    const { page, model } = app;
    const slow = join(app.work, 'slow');
    await mkdir(slow);
    await mkdir(join(app.work, 'scratch-c'));
    const failLater = gate();
    const approveLater = gate();
    model.fallback = async (request): Promise<ScriptedReply> => {
      const first = firstUserText(request);
      const answered = request.body.messages.at(-1)?.role === 'tool';
      if (first.startsWith('Wait for the flag'))
        return answered
          ? { text: 'The flag is up.' }
          : {
              toolCalls: [
                {
                  id: 'call_slow',
                  name: 'terminal',
                  arguments: { command: 'until [ -e up.flag ]; do sleep 0.1; done; echo up', workdir: slow },
                },
              ],
            };
      if (first.startsWith('Quick question')) return { text: 'Quick answer.' };
      if (first.startsWith('Break this')) {
        await failLater.opened;
        return { status: 400, message: 'The model refused the request.' };
      }
      if (first.startsWith('Tidy the scratch folder')) {
        if (answered) return { text: 'Tidied.' };
        await approveLater.opened;
        return {
          toolCalls: [
            {
              id: 'call_rm',
              name: 'terminal',
              arguments: { command: 'rm -rf ./scratch-c', workdir: app.work },
            },
          ],
        };
      }
      return { text: 'Unexpected.' };
    };
    await stubNotifications(page);
    const row = (title: string) => page.locator('[data-testid="session-item"]', { hasText: title });

    // 1. A command that runs until the test lets it end.
    await app.send('Wait for the flag');
    await expect.poll(() => app.card('call_slow').getAttribute('data-status'), POLL).toBe('running');
    const slowTab = page.locator('[data-testid="terminal-tab"][data-kind="agent"]');
    await expect.poll(() => slowTab.getAttribute('aria-selected'), POLL).toBe('true');

    // 2. New chat while it runs (no longer disabled); this one will fail out of view.
    await page.getByTestId('new-chat').click();
    await app.send('Break this');
    await expect.poll(() => row('Break this').getAttribute('data-state'), POLL).toBe('running');

    // 3. A third chat's turn finishes while the first command still runs.
    await page.getByTestId('new-chat').click();
    await app.send('Quick question');
    await expect.poll(() => app.assistantText().allInnerTexts(), POLL).toContain('Quick answer.');
    expect(await row('Wait for the flag').getAttribute('data-state')).toBe('running');

    // 4. A fourth asks for approval while another session is in view.
    await page.getByTestId('new-chat').click();
    await app.send('Tidy the scratch folder');
    await expect.poll(() => row('Tidy the scratch folder').getAttribute('data-state'), POLL).toBe('running');
    await row('Quick question').locator('.session-open').click();
    await expect
      .poll(() => page.locator('[data-testid="message"][data-role="user"]').allInnerTexts(), POLL)
      .toEqual(['Quick question']);
    failLater.open();
    approveLater.open();

    await expect.poll(() => row('Tidy the scratch folder').getAttribute('data-state'), POLL).toBe('waiting');
    await expect.poll(() => page.title(), POLL).toBe('(1) Caduceus');
    await expect
      .poll(async () => (await shown(page)).map((n) => n.title), POLL)
      .toContainEqual('Approval needed: Tidy the scratch folder');
    await expect
      .poll(() => page.getByTestId('attention-banner').innerText(), POLL)
      .toContain('Tidy the scratch folder');
    // The in-page dialog covers only the chat in view; this one's question waits in its row.
    expect(await page.getByTestId('approval-dialog').count()).toBe(0);
    await expect.poll(() => row('Break this').getAttribute('data-state'), POLL).toBe('failed');
    expect(await row('Wait for the flag').getAttribute('data-state')).toBe('running');

    await screenshots(page, 'session-states');

    // 5. The first command ends: its answer arrives, unread until its chat is opened.
    await writeFile(join(slow, 'up.flag'), '');
    await expect.poll(() => row('Wait for the flag').getAttribute('data-state'), POLL).toBe('unread');
    await screenshots(page, 'session-states-unread');
    await row('Wait for the flag').locator('.session-open').click();
    await expect.poll(() => app.assistantText().allInnerTexts(), POLL).toContain('The flag is up.');
    await expect.poll(() => row('Wait for the flag').getAttribute('data-state'), POLL).toBe('idle');

    // 6. The banner opens the waiting chat; its dialog appears there and the count clears.
    await page.getByTestId('attention-open').click();
    const dialog = page.getByTestId('approval-dialog');
    await dialog.waitFor(WAIT);
    await page.getByTestId('approval-once').click();
    await expect.poll(() => app.assistantText().allInnerTexts(), POLL).toContain('Tidied.');
    await expect.poll(() => page.title(), POLL).toBe('Caduceus');
  }, 120_000);
});
