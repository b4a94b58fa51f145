import type { Locator, Page } from 'playwright-core';
import { WAIT } from './fixture';

/** Opens the fixture's first long session and waits for its last answer to be drawn. */
export async function openLongSession(page: Page): Promise<void> {
  await page
    .getByTestId('session-item')
    .filter({ hasText: 'Long session 1' })
    .locator('.session-open')
    .click(WAIT);
  await page.getByTestId('message').filter({ hasText: 'Done:' }).waitFor(WAIT);
}

/** Whether `element` is drawn wholly inside the scrolled `list`'s view. */
export async function onScreen(element: Locator, list: Locator): Promise<boolean> {
  const [box, view] = [await element.boundingBox(), await list.boundingBox()];
  return !!box && !!view && box.height > 0 && box.y >= view.y && box.y + box.height <= view.y + view.height;
}

/** The text of the current hit's highlight, when it is painted over rendered text. */
export const CURRENT_TEXT = `(() => { const h = CSS.highlights.get('find-current'); return h ? [...h][0]?.toString() ?? null : null; })()`;
/** Whether the current hit's highlight is drawn inside the transcript's view. */
export const CURRENT_ON_SCREEN = `(() => {
  const range = [...(CSS.highlights.get('find-current') ?? [])][0];
  const list = document.querySelector('[data-testid="message-list"]');
  if (!range || !list) return false;
  const box = range.getBoundingClientRect();
  const view = list.getBoundingClientRect();
  return box.height > 0 && box.top >= view.top && box.bottom <= view.bottom;
})()`;
