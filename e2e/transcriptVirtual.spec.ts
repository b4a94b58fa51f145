import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeLongSessions, type LongSessionsFixture } from '../src-main/agent/sessions/testing/longSessions';
import { POLL } from './support/fixture';
import { useApp } from './support/fixture';
import { CURRENT_ON_SCREEN, CURRENT_TEXT } from './support/findMarks';

// A session of a few hundred calls: the transcript draws only the rows near the view, opens
// a card's output when it is opened, and keeps following output at the bottom.
const CALLS = 300;
const ANSWERS = 60;
let fixture: LongSessionsFixture | undefined;
// The sessions' own folder: the agent looks at its workspace on each turn.
const workspace = mkdtempSync(join(tmpdir(), 'caduceus-e2e-transcript-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));
const app = useApp('file', () => ({
  seed: (home: string) => {
    fixture = writeLongSessions(home, {
      sessions: 5,
      long: 1,
      toolCalls: CALLS,
      assistantMessages: ANSWERS,
      outputBytes: [5_000, 9_000],
      workspace,
    });
  },
}));

const SHOTS = process.env.TRANSCRIPT_SHOTS;
const list = () => app.page.getByTestId('message-list');
const rowsInDom = () => app.page.locator('.transcript-row').count();
const lastText = () => app.page.getByTestId('message').last().innerText();
const longId = () => fixture?.longIds[0] ?? '';

async function openLong(): Promise<void> {
  await app.page.locator(`[data-testid="session-item"][data-session="${longId()}"] .session-open`).click();
  await expect.poll(lastText, POLL).toMatch(/^Done:/);
}

/** Scrolls the transcript to `to` (0 is the top, 1 the bottom) until the rows there are drawn. */
async function scrollTo(to: number): Promise<void> {
  await list().evaluate((el, at) => {
    el.scrollTop = (el.scrollHeight - el.clientHeight) * at;
  }, to);
}

/**
 * scrollTop once rows drawn by a scroll are measured (the list then corrects for rows above), and
 * the list has seen the view stop: four frames without a move, one more than ends a run of jumps
 * (SEEK_IDLE_FRAMES). With fewer, a busy machine could start the next scroll inside that count.
 */
const settledScrollTop = () =>
  list().evaluate(async (el) => {
    // The page's own frame clock; this file is typed for Node, without the DOM's globals.
    const page = globalThis as unknown as { requestAnimationFrame(next: () => void): number };
    const frame = () => new Promise<void>((resolve) => page.requestAnimationFrame(() => resolve()));
    const frames = async () => {
      for (let i = 0; i < 4; i++) await frame();
    };
    let last = -1;
    while (el.scrollTop !== last) {
      last = el.scrollTop;
      await frames();
    }
    return last;
  });

/**
 * The first row in view and how far its top is from the list's: what the reader sees stays put
 * while this does (scrollTop alone moves when rows above are measured and the list makes up for it).
 */
const viewAnchor = () =>
  list().evaluate((el) => {
    const top = el.getBoundingClientRect().top;
    const row = [...el.querySelectorAll('.transcript-row')].find(
      (r) => r.getBoundingClientRect().bottom > top,
    );
    return {
      index: row?.getAttribute('data-index'),
      y: Math.round((row?.getBoundingClientRect().top ?? 0) - top),
    };
  });

const distanceFromBottom = () => list().evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);

async function shots(name: string): Promise<void> {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  const page = app.page;
  for (const [width, height] of [
    [1400, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: join(SHOTS, `${name}-${width}-${colorScheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: null });
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('the virtual transcript', () => {
  it('opens the long session at its end with only the rows near the view drawn', async () => {
    await openLong();
    await shots('bottom');
    expect(await distanceFromBottom()).toBeLessThan(48);
    const messages = await app.page.getByTestId('message').count();
    expect(messages).toBeGreaterThan(0);
    expect(await rowsInDom()).toBeLessThan(40);
    expect(await app.page.getByTestId('tool-call').count()).toBeLessThan(CALLS / 3);
  }, 60_000);

  it('stays at the top after one jump there from the bottom', async () => {
    // Right after the session opened at its end: the rows at the top were never measured.
    await expect.poll(distanceFromBottom, POLL).toBeLessThan(48);
    // One jump, never repeated: rows drawn at the top change the list's height in the same
    // scroll, and the view must not be pulled back to the bottom it left.
    await scrollTo(0);
    const settled = await settledScrollTop();
    expect(settled).toBeLessThan(await list().evaluate((el) => el.clientHeight));
    await expect.poll(() => app.page.locator('.transcript-row[data-index="0"]').count(), POLL).toBe(1);
  }, 60_000);

  it('shows the first message at the top, and a card opened there loads its output', async () => {
    const first = app.page.getByTestId('message').first();
    await expect
      .poll(async () => {
        await scrollTo(0);
        return first.innerText();
      }, POLL)
      .toMatch(/^Please /);
    await shots('top');

    const card = app.card(fixture?.earlyMarkCall ?? '');
    await card.locator('.tool-call-header').click();
    await expect
      .poll(() => card.getByTestId('tool-output').innerText(), POLL)
      .toContain(fixture?.earlyMark ?? '?');
    // A long output was not sent with the session: the card fetches it as it opens.
    const long = app.page
      .locator('[data-testid="tool-call"][data-tool="terminal"][data-status="ok"]')
      .first();
    await long.locator('.tool-call-header').click();
    await expect.poll(() => long.getByTestId('tool-output').innerText(), POLL).toMatch(/\[0000\d\]/);
    await long.scrollIntoViewIfNeeded();
    await shots('expanded');
    expect(await rowsInDom()).toBeLessThan(40);
  }, 60_000);

  it('keeps its place and its open cards when the reader switches away and back', async () => {
    await scrollTo(0.5);
    await expect.poll(() => app.page.getByTestId('message').count(), POLL).toBeGreaterThan(0);
    await shots('middle');
    await scrollTo(0);
    await expect.poll(() => app.page.locator('.transcript-row[data-index="0"]').count(), POLL).toBe(1);
    const other = app.page.locator(
      `[data-testid="session-item"]:not([data-session="${longId()}"]) .session-open`,
    );
    await other.first().click();
    await expect.poll(lastText, POLL).toMatch(/^Sure:/);
    await app.page.locator(`[data-testid="session-item"][data-session="${longId()}"] .session-open`).click();
    await expect.poll(() => app.page.locator('.transcript-row[data-index="0"]').count(), POLL).toBe(1);
    const card = app.card(fixture?.earlyMarkCall ?? '');
    await expect
      .poll(() => card.getByTestId('tool-output').innerText(), POLL)
      .toContain(fixture?.earlyMark ?? '?');
  }, 60_000);

  it('keeps a selection whole when its end is scrolled far away, and copies the rows between', async () => {
    const page = app.page;
    await scrollTo(1);
    await expect.poll(distanceFromBottom, POLL).toBeLessThan(48);
    await settledScrollTop();
    // A caret at the end of the last answer, as a click there leaves it.
    const last = page.getByTestId('message').last();
    const end = await last.boundingBox();
    await page.mouse.click(end!.x + end!.width - 4, end!.y + end!.height - 4);
    const anchorRow = await page.evaluate<string | undefined>(
      `getSelection().anchorNode?.parentElement?.closest('.transcript-row')?.dataset.index`,
    );
    expect(anchorRow).toBeDefined();
    // Scrolled far up, past the rows drawn around the view (the scrollbar dragged there).
    await scrollTo(0.8);
    await settledScrollTop();
    // The caret is still in its row (a row taken out of the page would take the caret with it).
    expect(
      await page.evaluate<string | undefined>(
        `getSelection().anchorNode?.parentElement?.closest('.transcript-row')?.dataset.index`,
      ),
    ).toBe(anchorRow);
    // Shift+click on a paragraph in view extends the selection from the caret left at the end.
    const paragraph = await list().evaluate((el) => {
      const box = el.getBoundingClientRect();
      const p = [...el.querySelectorAll('[data-testid="message"] p')]
        .map((e) => e.getBoundingClientRect())
        .find((r) => r.top > box.top && r.bottom < box.bottom);
      return p && { x: p.left + 4, y: p.top + p.height / 2 };
    });
    expect(paragraph).toBeDefined();
    await page.keyboard.down('Shift');
    await page.mouse.click(paragraph!.x, paragraph!.y);
    await page.keyboard.up('Shift');
    const inView = await page.evaluate<string | undefined>(
      `getSelection().focusNode?.parentElement?.closest('.transcript-row')?.dataset.index`,
    );
    expect(Number(inView)).toBeLessThan(Number(anchorRow));
    const undrawn = await page.evaluate<number>(`(() => {
      const drawn = new Set([...document.querySelectorAll('.transcript-row')].map((r) => Number(r.dataset.index)));
      let n = 0;
      for (let i = ${Number(inView)} + 1; i < ${Number(anchorRow)}; i++) if (!drawn.has(i)) n++;
      return n;
    })()`);
    expect(undrawn).toBeGreaterThan(0);

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.keyboard.press('Control+c');
    const copied = await page.evaluate<string>('navigator.clipboard.readText()');
    // The browser's own copy would hold only the rows drawn.
    expect(copied.length).toBeGreaterThan(await page.evaluate<number>('getSelection().toString().length'));
    // Every answer from the one clicked to the last, in order, drawn or not.
    const steps = [...copied.matchAll(/^(?:## )?Step (\d+):/gm)].map((m) => Number(m[1]));
    const first = steps[0] ?? NaN;
    expect(steps).toEqual(Array.from({ length: steps.length }, (_, i) => first + i));
    // The fixture's answers are Step 0 to Step 59; the rows between were not drawn.
    expect(steps.at(-1)).toBe(ANSWERS - 1);
    expect(steps.length).toBeGreaterThan(1);
    expect(copied.trimEnd()).toMatch(/Done: [^\n]*$/);
    expect(copied).not.toContain('New chat');
  }, 60_000);

  it("finds and marks text as it is drawn: across a code line's tokens and inline code", async () => {
    const page = app.page;
    await scrollTo(1);
    await page.getByTestId('chat-input').focus();
    await page.keyboard.press('Control+f');
    const input = page.getByTestId('find-input');
    await input.waitFor();
    // Each answer's code block has the line `return input.length * N;`, drawn as several tokens.
    await input.fill('input.length * 5;');
    await expect.poll(() => page.getByTestId('find-count').textContent(), POLL).toBe('1 of 1');
    await expect.poll(() => page.evaluate<string | null>(CURRENT_TEXT), POLL).toBe('input.length * 5;');
    await expect.poll(() => page.evaluate<boolean>(CURRENT_ON_SCREEN), POLL).toBe(true);
    // Text as drawn across inline code (stored as "the `word` next"): found, and marked across it.
    const acrossCode = await list().evaluate((el) => {
      const code = el.querySelector('[data-testid="message"] p > code');
      const after = code?.nextSibling?.textContent?.match(/^ \S+/)?.[0];
      return code && after ? `the ${code.textContent}${after}` : undefined;
    });
    expect(acrossCode).toBeDefined();
    await input.fill(acrossCode!);
    await expect.poll(() => page.getByTestId('find-count').textContent(), POLL).toMatch(/^1 of \d+$/);
    await expect.poll(() => page.evaluate<string | null>(CURRENT_TEXT), POLL).toBe(acrossCode);
    // Nothing found: the marks of the last search are gone.
    await input.fill('no such words anywhere');
    await expect.poll(() => page.getByTestId('find-count').textContent(), POLL).toBe('No matches');
    await expect
      .poll(() => page.evaluate<number>(`CSS.highlights.get('find-match')?.size ?? 0`), POLL)
      .toBe(0);
    await input.press('Escape');
    await page.getByTestId('find-in-session').waitFor({ state: 'detached' });
  }, 60_000);

  it('follows streamed output at the bottom, and stays put when scrolled up', async () => {
    await scrollTo(1);
    await expect.poll(distanceFromBottom, POLL).toBeLessThan(48);
    // The scripted model sends a text in three pieces, here a while apart.
    app.model.push({ text: 'streamed line\n\n'.repeat(120), chunkDelayMs: 800 });
    await app.send('Stream a long answer');
    await expect.poll(lastText, POLL).toContain('streamed line');
    // While it streams (and the answer grows taller), the list keeps up with it.
    expect(await app.page.getByTestId('chat-status').getAttribute('data-status')).toBe('running');
    await expect.poll(distanceFromBottom, POLL).toBeLessThan(48);
    await expect.poll(async () => (await lastText()).length, POLL).toBeGreaterThan(1000);
    await expect.poll(distanceFromBottom, POLL).toBeLessThan(48);
    await expect
      .poll(() => app.page.getByTestId('chat-status').getAttribute('data-status'), POLL)
      .toBe('idle');
    await expect.poll(distanceFromBottom, POLL).toBeLessThan(48);

    app.model.push({ text: 'more words\n\n'.repeat(120), chunkDelayMs: 800 });
    await app.send('Another long answer');
    await expect.poll(lastText, POLL).toContain('more words');
    await scrollTo(0.3);
    await settledScrollTop();
    const seen = await viewAnchor();
    expect(await app.page.getByTestId('chat-status').getAttribute('data-status')).toBe('running');
    await expect
      .poll(() => app.page.getByTestId('chat-status').getAttribute('data-status'), POLL)
      .toBe('idle');
    await settledScrollTop();
    const now = await viewAnchor();
    expect(now.index).toBe(seen.index);
    expect(Math.abs(now.y - seen.y)).toBeLessThan(4);
  }, 90_000);

  it('draws outlines of the rows a fast drag passes, and the rows themselves once it stops', async () => {
    // The long session, stopped in its fixture's rows (earlier tests may have added turns at its end).
    await app.page.locator(`[data-testid="session-item"][data-session="${longId()}"] .session-open`).click();
    await expect.poll(() => app.page.getByTestId('message').count(), POLL).toBeGreaterThan(0);
    await scrollTo(0.7);
    await settledScrollTop();
    // A drag of the scrollbar: the view moves three view heights a frame, and the rows drawn for
    // each step are looked at in the frame after it (its scroll event has been handled by then).
    const seen = await list().evaluate(async (el) => {
      const page = globalThis as unknown as { requestAnimationFrame(next: () => void): number };
      const frame = () => new Promise<void>((resolve) => page.requestAnimationFrame(() => resolve()));
      const steps: Array<{ outlines: number; messages: number }> = [];
      const from = el.scrollTop;
      for (let i = 1; i <= 12; i++) {
        el.scrollTop = from - i * 3 * el.clientHeight;
        await frame();
        steps.push({
          outlines: el.querySelectorAll('.transcript-seek').length,
          messages: el.querySelectorAll('[data-testid="message"]').length,
        });
      }
      return steps;
    });
    // The first jump draws full rows (it may be one jump alone); the drag after it, outlines.
    expect(seen[0]?.outlines).toBe(0);
    const dragged = seen.slice(2);
    expect(dragged.every((s) => s.outlines > 0 && s.messages === 0)).toBe(true);
    // Stopped: the rows in view are drawn in full, in place of the outlines.
    await expect.poll(() => app.page.locator('.transcript-seek').count(), POLL).toBe(0);
    await expect.poll(() => app.page.getByTestId('message').count(), POLL).toBeGreaterThan(0);
    const inView = await list().evaluate((el) => {
      const box = el.getBoundingClientRect();
      return [...el.querySelectorAll('[data-testid="message"]')].some((m) => {
        const r = m.getBoundingClientRect();
        return r.bottom > box.top && r.top < box.bottom;
      });
    });
    expect(inView).toBe(true);
  }, 60_000);
});
