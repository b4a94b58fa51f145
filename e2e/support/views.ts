import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** Where e2e screenshots go (under test-results, kept by CI). */
export const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));

export const VIEWPORTS = [
  { width: 1400, height: 900 },
  { width: 1024, height: 700 },
] as const;

/** Screenshots of the page as it is, at both window sizes, in light and dark mode. */
export async function screenshotViews(page: Page, name: string): Promise<string[]> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const files: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of VIEWPORTS) {
      await page.setViewportSize(size);
      const file = join(SCREENSHOTS, `${name}-${size.width}x${size.height}-${scheme}.png`);
      await page.screenshot({ path: file });
      files.push(file);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return files;
}

/**
 * The rows of the terminal in front, cell by cell as xterm's DOM renderer draws its buffer: the
 * index of a character in a row is its column (for the ASCII used in tests).
 */
export async function terminalRows(page: Page): Promise<string[]> {
  return page
    .getByTestId('terminal-pane')
    .locator('.xterm-rows > div')
    .evaluateAll((rows) => rows.map((row) => (row.textContent ?? '').replace(/\u00a0/g, ' ')));
}
