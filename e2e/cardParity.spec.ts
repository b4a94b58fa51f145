import { describe, expect, it } from 'vitest';
import { processesWith, uniqueSleep } from '../src-main/terminal/testing/commandLines';
import { useApp } from './support/fixture';
import { ServeSocket } from './support/serveSocket';
import { screenshotViews, VIEWPORTS } from './support/views';

// A denied, a blocked, a stopped and a failed call must read the same live, after a reload and
// in the exported session: real `caduceus serve`, real commands, real Chromium.
const POLL = { timeout: 20_000, interval: 100 };
const PROMPT = 'Try four risky things';
const app = useApp('file');

/** What a card says about how its call ended. */
interface Face {
  status: string | null;
  label: string;
  refusal: string;
  exitCode: string;
}

async function face(id: string): Promise<Face> {
  // Read in one go: the virtual transcript may redraw a row outside the view between two reads.
  return app.card(id).evaluate((card) => {
    const text = (selector: string, inner: boolean) => {
      // This file is typed for Node, without the DOM's globals.
      const el = card.querySelector(selector) as { innerText: string; textContent: string | null } | null;
      return ((inner ? el?.innerText : el?.textContent) ?? '').trim();
    };
    return {
      status: card.getAttribute('data-status'),
      label: text('.tool-status', false),
      refusal: text('[data-testid="tool-refusal"]', true),
      exitCode: text('[data-testid="tool-exit-code"]', true),
    };
  });
}

/**
 * Brings a card into view: the virtual transcript draws only the rows near the view (a row just
 * above it may be dropped at any moment), so the view moves between the transcript's top and end
 * until the card is drawn, then onto the card itself.
 */
async function drawn(id: string): Promise<void> {
  const card = app.card(id);
  await expect
    .poll(async () => {
      if ((await card.count()) > 0)
        return card.scrollIntoViewIfNeeded({ timeout: 2_000 }).then(
          () => true,
          () => false,
        );
      await app.page
        .getByTestId('message-list')
        .evaluate((el) => (el.scrollTop = el.scrollTop > 0 ? 0 : el.scrollHeight));
      return false;
    }, POLL)
    .toBe(true);
}

const idle = () => app.page.getByTestId('chat-status').getAttribute('data-status');
const statusOf = (id: string) => app.card(id).getAttribute('data-status');

/** At 1024x700 the last cards lie below the fold: the small views again, scrolled to this card. */
async function screenshotsScrolledTo(id: string, name: string): Promise<void> {
  const small = VIEWPORTS[1];
  for (const colorScheme of ['light', 'dark'] as const) {
    await app.page.emulateMedia({ colorScheme });
    await app.page.setViewportSize(small);
    await app.card(id).scrollIntoViewIfNeeded();
    await app.screenshot(`${name}-${small.width}x${small.height}-${colorScheme}`);
  }
  await app.page.emulateMedia({ colorScheme: 'light' });
}

/** Each exported tool call's section, by call id. */
function sections(markdown: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of markdown.split('**Tool call**').slice(1)) {
    const id = /\(([^)]+)\)/.exec(part)?.[1];
    if (id) out.set(id, part.split(/\n## /)[0] ?? '');
  }
  return out;
}

describe('tool call cards live, after a reload and in an export', () => {
  it('show the same status, refusal and exit code for denied, blocked, stopped and failed calls', async () => {
    const { page, model, work } = app;
    const ids = ['call_denied', 'call_blocked', 'call_failed', 'call_stopped'];
    const sleep = `sleep ${uniqueSleep()}`;
    model.push({
      toolCalls: [
        { id: 'call_denied', name: 'terminal', arguments: { command: 'chmod 777 ./f1', workdir: work } },
      ],
    });
    model.push({ toolCalls: [{ id: 'call_blocked', name: 'terminal', arguments: { command: 'rm -rf /' } }] });
    model.push({
      toolCalls: [{ id: 'call_failed', name: 'terminal', arguments: { command: 'echo partial; exit 3' } }],
    });
    model.push({ toolCalls: [{ id: 'call_stopped', name: 'terminal', arguments: { command: sleep } }] });
    await app.send(PROMPT);

    const asked = () =>
      page
        .getByTestId('approval-command')
        .innerText({ timeout: 1_000 })
        .catch(() => '');
    await expect.poll(asked, POLL).toBe('chmod 777 ./f1');
    await page.getByTestId('approval-deny').click();
    await expect.poll(() => statusOf('call_stopped'), POLL).toBe('running');
    await expect.poll(() => processesWith(sleep).length, POLL).toBeGreaterThan(0);
    await page.getByTestId('stop-button').click();
    await expect.poll(idle, POLL).toBe('idle');
    await expect.poll(() => processesWith(sleep), POLL).toEqual([]);

    const live = new Map<string, Face>();
    for (const id of ids) {
      await drawn(id);
      live.set(id, await face(id));
    }
    expect(live.get('call_denied')).toMatchObject({ status: 'denied', label: 'Denied', exitCode: '' });
    expect(live.get('call_denied')?.refusal).toMatch(/denied by you/i);
    expect(live.get('call_blocked')).toMatchObject({ status: 'blocked', label: 'Blocked', exitCode: '' });
    expect(live.get('call_blocked')?.refusal).toMatch(/permanently/i);
    expect(live.get('call_failed')).toMatchObject({ status: 'error', refusal: '', exitCode: '· exit 3' });
    expect(live.get('call_failed')?.label).toMatch(/^Failed/);
    expect(live.get('call_stopped')).toMatchObject({
      status: 'stopped',
      label: 'Stopped',
      refusal: '',
      exitCode: '',
    });
    await screenshotViews(page, 'card-parity-live');
    await screenshotsScrolledTo('call_stopped', 'card-parity-live-end');

    await page.reload();
    await page.getByTestId('session-item').filter({ hasText: PROMPT }).locator('.session-open').click();
    for (const id of ids) {
      await drawn(id);
      await expect.poll(() => statusOf(id), POLL).toBe(live.get(id)?.status);
      expect(await face(id), id).toEqual(live.get(id));
    }
    await screenshotViews(page, 'card-parity-reloaded');
    await screenshotsScrolledTo('call_stopped', 'card-parity-reloaded-end');

    const socket = await ServeSocket.open(page.url());
    try {
      const list = await socket.request('sessions.list', {});
      if (!list.ok) throw new Error(list.error.message);
      const session = (list.value as { id: string; title: string }[]).find((s) => s.title.includes(PROMPT));
      expect(session).toBeDefined();
      const exported = await socket.request('sessions.export', { id: session?.id, format: 'markdown' });
      if (!exported.ok) throw new Error(exported.error.message);
      const calls = sections((exported.value as { content: string }).content);
      for (const id of ids) {
        const shown = live.get(id);
        const text = calls.get(id) ?? '';
        expect(text, id).not.toBe('');
        // The card's words: its label (with the exit code) and the refusal's title and reason.
        expect(text, id).toContain(shown?.label.replace(/\s+/g, ' '));
        for (const line of (shown?.refusal ?? '').split('\n').filter((l) => l.trim()))
          expect(text, id).toContain(line.trim());
      }
      const json = await socket.request('sessions.export', { id: session?.id, format: 'json' });
      if (!json.ok) throw new Error(json.error.message);
      const cards =
        (JSON.parse((json.value as { content: string }).content) as { cards?: unknown[] }).cards ?? [];
      for (const id of ids) {
        const card = cards.find((c) => (c as { id?: string }).id === id) as
          { status: string; refusal?: { title: string }; exitCode?: number | null } | undefined;
        expect(card?.status, id).toBe(live.get(id)?.status);
        if (live.get(id)?.refusal) expect(live.get(id)?.refusal).toContain(card?.refusal?.title);
      }
      expect(cards.find((c) => (c as { id?: string }).id === 'call_failed')).toMatchObject({ exitCode: 3 });
    } finally {
      socket.ws.close();
    }
  }, 120_000);
});
