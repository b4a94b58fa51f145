import type { Page } from 'playwright-core';

// Page-side timing for the renderer benchmark. The scripts run in the page (no DOM types in the
// Node program, hence strings); every timestamp is the page's own performance.now().

const ROWS = `document.querySelector('[data-testid="terminal-pane"] .xterm-rows')`;

/** Records each keydown's time in the page: Enter apart, other keys in order. */
export async function installKeyClock(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const clock = { enterAt: 0, keys: [], echoes: [] };
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') clock.enterAt = performance.now();
      else clock.keys.push(performance.now());
    }, true);
    window.__benchClock = clock;
  })()`);
}

/**
 * Resolves with the page's clock once `condition` (a JS expression) holds, checked every frame.
 * Evaluated through the debugger, as the page's CSP rightly forbids eval (and so waitForFunction).
 */
export async function whenInPage(page: Page, condition: string, timeoutMs = 30_000): Promise<number> {
  return (await page.evaluate(`new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Timed out waiting for: ' + ${JSON.stringify(condition)})), ${timeoutMs});
    const check = () => {
      if (${condition}) { clearTimeout(timer); resolve(performance.now()); }
      else requestAnimationFrame(check);
    };
    check();
  })`)) as number;
}

/**
 * Resolves once the page has been idle for a while (its start-up done: the session list and
 * transcript drawn, its idle-time work finished): ten idle periods in a row with nothing else to
 * run. A page that never gets there (something animating on its main thread) is waited for at
 * most `timeoutMs`.
 */
export async function whenPageSettled(page: Page, timeoutMs = 10_000): Promise<void> {
  await page.evaluate(`new Promise((resolve) => {
    let done = false;
    const timer = setTimeout(() => { done = true; resolve(undefined); }, ${timeoutMs});
    let quiet = 0;
    const idle = (deadline) => {
      if (done) return;
      quiet = deadline.timeRemaining() >= 45 ? quiet + 1 : 0;
      if (quiet >= 10) { clearTimeout(timer); resolve(undefined); }
      else requestIdleCallback(idle);
    };
    requestIdleCallback(idle);
  })`);
}

/** Seconds from the last Enter until the visible terminal shows `mark`. */
export async function secondsUntilShown(page: Page, mark: string, timeoutMs: number): Promise<number> {
  const shownAt = await whenInPage(
    page,
    `(${ROWS}?.textContent ?? '').includes(${JSON.stringify(mark)})`,
    timeoutMs,
  );
  const enterAt = (await page.evaluate('window.__benchClock.enterAt')) as number;
  return (shownAt - enterAt) / 1000;
}

/** How many characters the visible terminal's xterm has parsed. */
export const PARSED = `Number(document.querySelector('[data-testid="terminal-pane"] .xterm-host')?.dataset.parsedChars ?? 0)`;

/**
 * From now on, notes the time each new `char` appears in the visible terminal's DOM and forgets
 * earlier keydowns, so keys[i] and echoes[i] pair up.
 */
export async function watchEchoes(page: Page, char: string): Promise<void> {
  await page.evaluate(`(() => {
    const clock = window.__benchClock;
    const rows = ${ROWS};
    const count = () => rows.textContent.split(${JSON.stringify(char)}).length - 1;
    const base = count();
    clock.keys = [];
    clock.echoes = [];
    new MutationObserver(() => {
      const seen = count() - base;
      while (clock.echoes.length < seen) clock.echoes.push(performance.now());
    }).observe(rows, { childList: true, subtree: true, characterData: true });
  })()`);
}

export async function waitForEcho(page: Page, index: number, timeoutMs: number): Promise<void> {
  await whenInPage(page, `window.__benchClock.echoes.length > ${index}`, timeoutMs);
}

/** Milliseconds from each keydown to its echo in the DOM. */
export async function echoLatencies(page: Page): Promise<number[]> {
  const { keys, echoes } = (await page.evaluate(
    '({ keys: window.__benchClock.keys, echoes: window.__benchClock.echoes })',
  )) as { keys: number[]; echoes: number[] };
  return echoes.map((at, i) => at - (keys[i] ?? at));
}

/**
 * From now on, once `condition` (a JS expression) holds after a DOM change, the page notes the
 * time of the next frame's end (a rAF, then a task after its paint) in `window.__painted`.
 */
export function paintWatch(condition: string): string {
  return `(() => {
    window.__painted = undefined;
    const check = () => {
      if (!(${condition})) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => { window.__painted = performance.now(); }));
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true, characterData: true });
    check();
  })()`;
}

/** The page's clock when the frame `paintWatch` waits for has been painted. */
export async function painted(page: Page, timeoutMs = 30_000): Promise<number> {
  await whenInPage(page, 'window.__painted !== undefined', timeoutMs);
  return (await page.evaluate('window.__painted')) as number;
}
