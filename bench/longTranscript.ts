/**
 * A long session opens and stays fast whatever its size: opening it from the session list,
 * scrolling it to the top and back, typing in its composer while another session streams (and,
 * as the floor under that figure, in a lone textarea on an empty page), the page's heap after
 * reading through it, and switching between the two long sessions.
 */
import type { Locator, Page } from 'playwright-core';
import { withLongSessionsApp } from './longSessionsApp';
import { cpuThrottle } from './cpuThrottle';
import { paintWatch, painted, whenInPage } from './rendererProbe';
import { median, percentile, round } from '../src-shared/stats';

const ROUNDS = 3;
const KEYSTROKES = 60;
const CARDS_TO_OPEN = 50;

const LIST = `document.querySelector('[data-testid="message-list"]')`;
/** The text of the last message shown (a long session ends with "Done: …"). */
const LAST_TEXT = `([...document.querySelectorAll('[data-testid="message"]')].at(-1)?.textContent ?? '')`;

const session = (page: Page, id: string) =>
  page.locator(`[data-testid="session-item"][data-session="${id}"]`);

/**
 * ms from a click on the session in the list until its last message is painted. The page finds
 * that frame itself, from a watch armed before the click: a poll sent after the click would
 * count the browser driver's round trip as well.
 */
async function openMs(page: Page, id: string): Promise<number> {
  const before = (await page.evaluate(LAST_TEXT)) as string;
  const item = session(page, id);
  await item.waitFor();
  const clicked = page.evaluate(
    `new Promise((resolve) => document.addEventListener('click', () => resolve(performance.now()), { capture: true, once: true }))`,
  ) as Promise<number>;
  await page.evaluate(
    paintWatch(`${LAST_TEXT}.startsWith('Done:') && ${LAST_TEXT} !== ${JSON.stringify(before)}`),
  );
  await item.locator('.session-open').click();
  const clickAt = await clicked;
  return (await painted(page, 60_000)) - clickAt;
}

/** Frames per second while the transcript scrolls to the top and back in even steps. */
async function scrollFps(page: Page): Promise<number> {
  return (await page.evaluate(`new Promise((resolve) => {
    const el = ${LIST};
    const steps = 90;
    const bottom = el.scrollHeight - el.clientHeight;
    let frame = 0;
    const started = performance.now();
    const tick = () => {
      frame++;
      const i = frame <= steps ? frame : 2 * steps - frame;
      el.scrollTop = (el.scrollHeight - el.clientHeight) * (1 - i / steps);
      if (frame < 2 * steps) requestAnimationFrame(tick);
      else resolve((frame / (performance.now() - started)) * 1000);
    };
    el.scrollTop = bottom;
    requestAnimationFrame(tick);
  })`)) as number;
}

/**
 * Frames per second while the transcript scrolls up a view height a frame: short of a jump, so
 * every frame draws the full rows coming into view (a fast drag draws outlines instead).
 */
async function rowsFps(page: Page): Promise<number> {
  return (await page.evaluate(`new Promise((resolve) => {
    const el = ${LIST};
    const frames = 90;
    let frame = 0;
    el.scrollTop = el.scrollHeight;
    const started = performance.now();
    const tick = () => {
      frame++;
      el.scrollTop -= el.clientHeight;
      if (frame < frames) requestAnimationFrame(tick);
      else {
        const fps = (frame / (performance.now() - started)) * 1000;
        // Back at the end, where the rest of the bench expects the session to be.
        el.scrollTop = el.scrollHeight;
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(fps)));
      }
    };
    requestAnimationFrame(tick);
  })`)) as number;
}

/** Opens cards from the top of the transcript down until `count` are open. */
async function openCards(page: Page, count: number): Promise<number> {
  let opened = 0;
  await page.evaluate(`${LIST}.scrollTop = 0`);
  for (let guard = 0; opened < count && guard < 400; guard++) {
    opened += (await page.evaluate(`(() => {
      const list = ${LIST};
      const box = list.getBoundingClientRect();
      let n = 0;
      for (const b of list.querySelectorAll('[data-testid="tool-call"] > .tool-call-header[aria-expanded="false"]')) {
        const r = b.getBoundingClientRect();
        if (r.top >= box.top && r.bottom <= box.bottom && n + ${opened} < ${count}) { b.click(); n++; }
      }
      list.scrollTop += list.clientHeight * 0.8;
      return n;
    })()`)) as number;
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
  }
  return opened;
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN) / 1e6;
}

/** Input-to-paint of each key typed into `box`: keydown until the frame after it painted. */
async function keystrokeLatencies(page: Page, box: Locator): Promise<number[]> {
  await page.evaluate(`(() => {
    window.__keys = [];
    document.addEventListener('keydown', () => {
      const at = performance.now();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => window.__keys.push(performance.now() - at);
        channel.port2.postMessage(0);
      });
    }, true);
  })()`);
  await box.click();
  for (let i = 0; i < KEYSTROKES; i++) {
    await page.keyboard.press(i % 10 === 9 ? 'Space' : 'KeyA');
    await page.waitForTimeout(40);
  }
  await whenInPage(page, `window.__keys.length >= ${KEYSTROKES}`);
  return (await page.evaluate('window.__keys')) as number[];
}

/**
 * The same keys typed into a lone textarea on an empty page of the same browser, under the same
 * load: what the browser takes by itself, the floor under the composer's figure on this machine.
 */
async function keystrokeFloor(page: Page, rate: number): Promise<number[]> {
  const blank = await page.context().newPage();
  try {
    await cpuThrottle(blank, rate);
    await blank.setViewportSize({ width: 1400, height: 900 });
    await blank.setContent('<textarea rows="3" style="width: 600px"></textarea>');
    return await keystrokeLatencies(blank, blank.locator('textarea'));
  } finally {
    await blank.close();
  }
}

/** `cpuRate`: the page runs that many times slower (`cpuThrottle`), as on a slower machine. */
export async function benchLongTranscript(cpuRate = 1): Promise<Record<string, number>> {
  return withLongSessionsApp('transcript', async (app, fixture) => {
    const [first, second] = fixture.longIds as [string, string];
    const { page } = await app.open();
    const setRate = await cpuThrottle(page, cpuRate);
    await page.setViewportSize({ width: 1400, height: 900 });

    const opens: number[] = [];
    // A cold open each round: the page is loaded again, so it has seen neither long session.
    for (let r = 0; r < ROUNDS; r++) {
      await page.goto(page.url().replace(/#.*$/, ''));
      await page.getByTestId('chat-input').waitFor();
      await whenInPage(page, `!${LAST_TEXT}.startsWith('Done:')`);
      opens.push(await openMs(page, first));
    }
    const switches: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      switches.push(await openMs(page, second));
      switches.push(await openMs(page, first));
    }
    const fps = [await scrollFps(page), await scrollFps(page)];
    const rowsFpsRuns = [await rowsFps(page), await rowsFps(page)];

    // Another session's command streams output while the long one is typed into.
    await page.getByTestId('new-chat').click();
    app.model.push(
      {
        toolCalls: [
          {
            id: 'call_stream',
            name: 'terminal',
            arguments: { command: 'for i in $(seq 1 6000); do echo "streamed line $i"; sleep 0.01; done' },
          },
        ],
      },
      { text: 'Streamed.' },
    );
    await page.getByTestId('chat-input').fill('Stream something');
    await page.getByTestId('chat-send').click();
    await page
      .locator('[data-testid="tool-call"][data-call-id="call_stream"][data-status="running"]')
      .waitFor();
    await openMs(page, first);
    const keys = await keystrokeLatencies(page, page.getByTestId('chat-input'));
    // The app's page at full speed meanwhile: only one page pays for the emulation at a time.
    await setRate(1);
    const floor = await keystrokeFloor(page, cpuRate);
    await setRate(cpuRate);
    const stillStreaming = (await page
      .locator('[data-testid="session-item"][data-state="running"]')
      .count()) as number;

    const opened = await openCards(page, CARDS_TO_OPEN);
    const heap = await heapMb(page);
    return {
      long_session_open_ms: round(median(opens), 0),
      long_session_scroll_fps: round(median(fps), 1),
      long_session_scroll_rows_fps: round(median(rowsFpsRuns), 1),
      long_session_keystroke_p95_ms: round(percentile(keys, 95), 1),
      long_session_keystroke_floor_p95_ms: round(percentile(floor, 95), 1),
      long_session_keystroke_streaming: stillStreaming,
      long_session_renderer_heap_mb: round(heap, 1),
      long_session_cards_opened: opened,
      session_switch_ms: round(median(switches), 0),
    };
  });
}
