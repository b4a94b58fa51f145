import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { findBrowser } from '../../src-main/tools/browser/executable';
import { removeAtExit } from './atExit';
import { LAUNCH_ARGS } from '../../src-main/tools/browser/pool';

/** The Chromium the browser tools would use (PATH or CADUCEUS_BROWSER_PATH). */
function chromiumPath(): string {
  const found = findBrowser(process.env);
  if ('reason' in found) throw new Error(`e2e needs Chromium: ${found.reason}`);
  return found.path;
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * Headless Chromium with a fresh profile, one page open at `url`. Its terminals draw with xterm's
 * DOM renderer, which tests read as text; `renderer: 'own'` leaves the choice to the page, as a
 * user's window does (benchmarks).
 */
export async function openApp(url: string, renderer: 'dom' | 'own' = 'dom'): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), 'caduceus-chromium-'));
  const removeProfile = removeAtExit(profile);
  const context = await chromium
    .launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: true,
      // The same flags the browser tools launch Chromium with (infra.md).
      args: LAUNCH_ARGS,
      viewport: { width: 1280, height: 800 },
    })
    .catch(async (err: unknown) => {
      await removeProfile();
      throw err;
    });
  const close = async () => {
    await context.close();
    await removeProfile();
  };
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(renderer === 'dom' ? `${url}&renderer=dom` : url);
    await page.getByTestId('chat-input').waitFor({ timeout: 20_000 });
    return { context, page, close };
  } catch (err) {
    await close();
    throw err;
  }
}
