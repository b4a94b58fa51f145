/**
 * Terminal throughput in the real UI: a 64 MB base64 stream from a user shell through `caduceus
 * serve` into xterm in headless Chromium, next to the same producer through a bare node-pty (MB =
 * 1e6 characters in both). xterm uses its DOM renderer: WebGL here is software-drawn, and the page
 * can read DOM text. Then keystroke echo: while an endless stream floods that shell's (hidden) tab,
 * a second shell tab runs `cat` and each key is timed in the page from keydown to its echo in the
 * DOM — typing in one tab while the agent floods another; echoes inside the flood itself could
 * not be told apart.
 */
import type { Locator, Page } from 'playwright-core';
import { rawPtyMbPerSecond } from '../src-main/terminal/bench';
import { withServedApp } from './servedApp';
import {
  echoLatencies,
  installKeyClock,
  PARSED,
  secondsUntilShown,
  waitForEcho,
  watchEchoes,
  whenInPage,
} from './rendererProbe';
import { median, percentile, round } from '../src-shared/stats';

// `$((1+1))` keeps the mark out of the echoed command line.
const STREAM = 'head -c 64000000 /dev/zero | base64; echo DONE-$((1+1))-MARK';
const DONE = 'DONE-2-MARK';
const KEYSTROKES = 50;

export async function benchRenderer(): Promise<Record<string, number>> {
  const raw = (await rawPtyMbPerSecond()).mbPerS;
  return withServedApp('renderer', async ({ open }) => {
    const browser = await open();
    await installKeyClock(browser.page);
    const stream = await streamThroughput(browser.page);
    const { latencies: echoes, floodMbS } = await keystrokeEchoes(browser.page);
    return {
      renderer_terminal_mb_s: round(stream.chars / 1e6 / stream.seconds, 1),
      renderer_chars_parsed: stream.chars,
      raw_pty_mb_s: round(raw, 1),
      renderer_vs_raw_pct: round((stream.chars / 1e6 / stream.seconds / raw) * 100, 1),
      keystroke_echo_p50_ms: round(median(echoes), 1),
      keystroke_echo_p95_ms: round(percentile(echoes, 95), 1),
      keystroke_flood_mb_s: round(floodMbS, 1),
    };
  });
}

/** Opens a user shell tab and waits for its prompt; returns the tab's xterm host. */
async function openShell(page: Page, nth: number): Promise<Locator> {
  await page.getByTestId('terminal-new-shell').click();
  await page.locator('[data-testid="terminal-tab"][data-kind="shell"]').nth(nth).waitFor();
  const host = page.getByTestId('terminal-pane').locator('.xterm-host');
  await whenInPage(page, `${PARSED} > 0`);
  await host.click();
  return host;
}

async function parsedChars(host: Locator): Promise<number> {
  return Number((await host.getAttribute('data-parsed-chars')) ?? 0);
}

async function streamThroughput(page: Page): Promise<{ chars: number; seconds: number }> {
  const host = await openShell(page, 0);
  await page.keyboard.type(STREAM);
  const before = await parsedChars(host);
  await page.keyboard.press('Enter');
  const seconds = await secondsUntilShown(page, DONE, 120_000);
  return { chars: (await parsedChars(host)) - before, seconds };
}

/** Echo latencies (ms), and the MB/s the hidden flood kept parsing meanwhile, to show it ran. */
async function keystrokeEchoes(page: Page): Promise<{ latencies: number[]; floodMbS: number }> {
  const flood = page.getByTestId('terminal-pane').locator('.xterm-host');
  await page.keyboard.type('base64 /dev/zero');
  await page.keyboard.press('Enter');
  await whenInPage(page, `${PARSED} > ${(await parsedChars(flood)) + 1e6}`);
  const start = await parsedChars(flood);
  const started = performance.now();
  await openShell(page, 1);
  await page.keyboard.type('cat');
  await page.keyboard.press('Enter');
  await watchEchoes(page, 'Z');
  for (let i = 0; i < KEYSTROKES; i++) {
    await page.keyboard.press('Z');
    await waitForEcho(page, i, 10_000);
  }
  const latencies = await echoLatencies(page);
  await page.locator('[data-testid="terminal-tab"][data-kind="shell"]').first().click();
  const floodMbS = ((await parsedChars(flood)) - start) / 1e6 / ((performance.now() - started) / 1000);
  // Closing the tabs ends both shells, and with them the endless stream.
  const close = page.getByTestId('terminal-tab-close');
  while ((await close.count()) > 0) await close.first().click();
  return { latencies, floodMbS };
}
