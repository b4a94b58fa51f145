import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { startSecretService } from '../src-main/config/testing/secretService';
import { openApp } from './support/chromium';
import { startServe, type Served } from './support/serve';
import { SCREENSHOTS } from './support/views';

const SHOTS = join(SCREENSHOTS, 'keychain');
const WAIT = { timeout: 30_000 };
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function dirs(): Promise<{ home: string; cwd: string }> {
  const home = await mkdtemp(join(tmpdir(), 'caduceus-keychain-home-'));
  const cwd = await mkdtemp(join(tmpdir(), 'caduceus-keychain-ws-'));
  cleanups.push(
    () => rm(home, { recursive: true, force: true }),
    () => rm(cwd, { recursive: true, force: true }),
  );
  return { home, cwd };
}

async function serve(options: { home: string; cwd: string; env: NodeJS.ProcessEnv }): Promise<Served> {
  const served = await startServe(options);
  cleanups.push(() => served.stop());
  return served;
}

async function shots(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  const area = page.getByTestId('settings-model');
  for (const [width, height] of [
    [1280, 820],
    [800, 600],
  ] as const) {
    await page.setViewportSize({ width, height });
    await area.scrollIntoViewIfNeeded();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: join(SHOTS, `${name}-${width}x${height}-${colorScheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: null });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Saves a key in Settings, restarts serve on the same home, and returns the reconnected page. */
async function saveAndRestart(env: NodeJS.ProcessEnv): Promise<{ page: Page; home: string; served: Served }> {
  const where = await dirs();
  const first = await serve({ ...where, env });
  const browser = await openApp(first.url);
  cleanups.push(() => browser.close());
  const { page } = browser;
  await page.getByTestId('settings-open').click();
  await page.getByTestId('settings-api-key').fill('sk-typed-into-settings');
  await page.getByTestId('settings-api-key-save').click();
  await expect.poll(() => page.getByTestId('settings-key-status').innerText(), WAIT).toMatch(/✓ key saved/);

  await first.stop();
  await page.getByTestId('connection-banner').waitFor(WAIT);
  const second = await serve({ ...where, env });
  expect(second.url).toBe(first.url);
  await page.getByTestId('connection-banner').waitFor({ state: 'detached', ...WAIT });
  return { page, home: where.home, served: second };
}

describe('a key typed into Settings', () => {
  it('is kept in the OS keychain and is still saved after serve restarts; Remove asks first', async () => {
    const service = await startSecretService();
    cleanups.push(() => service.stop());
    const { page, home } = await saveAndRestart({
      DBUS_SESSION_BUS_ADDRESS: service.env.DBUS_SESSION_BUS_ADDRESS,
    });
    const status = page.getByTestId('settings-key-status');
    await expect.poll(() => status.innerText(), WAIT).toMatch(/✓ key saved/);
    expect(await status.innerText()).toMatch(
      /Kept in the Secret Service keyring, entries named “Caduceus \(/,
    );
    await expect(stat(join(home, 'secrets.json'))).rejects.toThrow(/ENOENT/);
    await shots(page, 'keychain-saved');

    // Remove asks first; Keep leaves the key where it is.
    await page.getByTestId('settings-api-key-remove').click();
    await page.getByTestId('settings-api-key-remove-confirm').waitFor(WAIT);
    await shots(page, 'keychain-remove-asks');
    await page.getByTestId('settings-api-key-keep').click();
    expect(await status.innerText()).toMatch(/✓ key saved/);
    await page.getByTestId('settings-api-key-remove').click();
    await page.getByTestId('settings-api-key-remove-confirm').click();
    await expect.poll(() => status.innerText(), WAIT).toMatch(/No key saved/);
  }, 120_000);

  it('is kept in a 0600 file where no keychain answers, and Settings says so', async () => {
    const { page, home, served } = await saveAndRestart({ DBUS_SESSION_BUS_ADDRESS: '' });
    expect(served.log()).toContain(`No OS keychain answered`);
    const status = page.getByTestId('settings-key-status');
    await expect.poll(() => status.innerText(), WAIT).toMatch(/✓ key saved/);
    expect(await status.innerText()).toContain(`Kept in the file ${join(home, 'secrets.json')}`);
    expect(await page.getByTestId('settings-key-store-note').innerText()).toMatch(/No OS keychain answered/);
    expect((await stat(join(home, 'secrets.json'))).mode & 0o777).toBe(0o600);
    await shots(page, 'file-fallback');
  }, 120_000);
});
