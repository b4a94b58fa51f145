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
