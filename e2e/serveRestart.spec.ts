import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openApp, type Browser } from './support/chromium';
import { startServe, type Served } from './support/serve';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(): Promise<{ home: string; cwd: string }> {
  const home = await mkdtemp(join(tmpdir(), 'caduceus-restart-home-'));
  const cwd = await mkdtemp(join(tmpdir(), 'caduceus-restart-ws-'));
  cleanups.push(
    () => rm(home, { recursive: true, force: true }),
    () => rm(cwd, { recursive: true, force: true }),
  );
  return { home, cwd };
}

async function serve(options: { home: string; cwd: string; args?: string[] }): Promise<Served> {
  const served = await startServe(options);
  cleanups.push(() => served.stop());
  return served;
}

async function open(url: string): Promise<Browser> {
  const browser = await openApp(url);
  cleanups.push(() => browser.close());
  return browser;
}

const WAIT = { timeout: 30_000 };
/** Two starts of serve and a browser: slow on a busy machine. */
const SLOW = 120_000;

describe('serve restarted on the same home', () => {
  it(
    'keeps its URL, and an open tab reconnects by itself',
    async () => {
      const dirs = await setup();
      const first = await serve(dirs);
      const { page } = await open(first.url);
      await first.stop();
      const banner = page.getByTestId('connection-banner');
      await banner.waitFor(WAIT);

      const second = await serve(dirs);
      expect(second.url).toBe(first.url);
      // The page retries on its own (backoff at most 5 s): nothing is clicked, no reload, no new URL.
      await banner.waitFor({ state: 'detached', ...WAIT });
      await page.getByTestId('chat-input').fill('still connected');
      expect(page.url()).toContain(new URL(first.url).search.slice(1));
    },
    SLOW,
  );

  it(
    'tells a tab holding a rotated token to open the new URL instead of retrying for ever',
    async () => {
      const dirs = await setup();
      const first = await serve(dirs);
      const { page } = await open(first.url);
      await first.stop();
      await page.getByTestId('connection-banner').waitFor(WAIT);

      const rotated = await serve({ ...dirs, args: ['--new-token'] });
      expect(new URL(rotated.url).port).toBe(new URL(first.url).port);
      expect(rotated.url).not.toBe(first.url);
      const refused = page.locator('[data-testid="connection-banner"][data-state="refused"]');
      await refused.waitFor(WAIT);
      expect(await refused.innerText()).toMatch(/new token.*Open the URL/s);
    },
    SLOW,
  );
});
