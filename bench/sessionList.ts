/**
 * The session list at 10,000 sessions, in Chromium through `caduceus serve`: first paint of the
 * list on a page load, full-text search from the query typed to its hits painted (both timed in
 * the page), and serve's resident memory after listing, searching and opening the two long
 * sessions.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { median, round } from '../src-shared/stats';
import { withLongSessionsApp } from './longSessionsApp';
import { paintWatch, painted, whenInPage, whenPageSettled } from './rendererProbe';

const ITEM = '[data-testid="session-item"]';
const LOADS = 3;
/** Common words match most of the 40,000 messages; the last one matches a single message. */
const QUERIES = ['scheduler queue', 'kernel', 'rebase lint', 'widget token', 'zanzibarquokka'];

/**
 * Milliseconds from navigation start to the list's first rows painted, on a fresh load of a page
 * that had finished starting, as when a person reloads it. A reload sent the moment the list had
 * painted waited for the previous page's start-up work still under way (evaluating and caching
 * the code of its later chunks), and read 150-250 ms more on its first two loads.
 */
async function listFirstPaint(page: Page): Promise<number> {
  await page.addInitScript(paintWatch(`document.querySelector('${ITEM}')`));
  const times: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    await whenPageSettled(page);
    await page.reload();
    times.push(await painted(page));
  }
  return median(times);
}

/** Milliseconds from a query's input event to its hits painted (every row has a snippet). */
async function searchTime(page: Page, query: string): Promise<number> {
  const search = page.getByTestId('session-search');
  await page.evaluate(`(() => {
    const input = document.querySelector('[data-testid="session-search"]');
    input.addEventListener('input', () => { window.__typedAt = performance.now(); }, { once: true });
  })()`);
  await page.evaluate(
    paintWatch(
      `(() => { const rows = [...document.querySelectorAll('${ITEM}')];
        return rows.length > 0 && rows.every((r) => r.querySelector('[data-testid="session-snippet"]')); })()`,
    ),
  );
  await search.fill(query);
  const at = await painted(page);
  const typedAt = (await page.evaluate('window.__typedAt')) as number;
  await search.fill('');
  await whenInPage(page, `!document.querySelector('[data-testid="session-snippet"]')`);
  return at - typedAt;
}

/** serve's resident set in MB, from /proc. */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function openSession(page: Page, id: string): Promise<void> {
  await page.locator(`${ITEM}[data-session="${id}"] .session-open`).click();
  await page
    .getByTestId('message-list')
    .getByText(/^Done: /)
    .last()
    .waitFor({ timeout: 60_000 });
}

export async function benchSessionList(): Promise<Record<string, number>> {
  return withLongSessionsApp('sessionList', async (app, fixture) => {
    const { page } = await app.open();
    const listMs = await listFirstPaint(page);
    const searches: number[] = [];
    for (const query of QUERIES) searches.push(await searchTime(page, query));
    const pid = app.served.pid;
    // Apart, what the list and search leave, and what opening the long sessions adds.
    const listedRss = await rssMb(pid);
    for (const id of fixture.longIds) await openSession(page, id);
    return {
      sessions_list_10k_ms: round(listMs, 1),
      session_search_10k_ms: round(median(searches), 1),
      session_search_10k_max_ms: round(Math.max(...searches), 1),
      serve_rss_mb_10k_sessions: round(await rssMb(pid), 1),
      serve_rss_mb_10k_listed: round(listedRss, 1),
    };
  });
}
