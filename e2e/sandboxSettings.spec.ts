import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { AppHarness } from './support/app';
import { POLL, WAIT } from './support/fixture';

const CONFIG =
  '# my settings\nsandbox:\n  mode: workspace-write # default\n  writable_roots:\n    - /srv/cache # shared cache\n';

/** A fresh CADUCEUS_HOME, HOME, serve and page for one test, with this config.yaml. */
async function withApp(
  options: Parameters<typeof AppHarness.start>[0],
  body: (app: AppHarness) => Promise<void>,
): Promise<void> {
  const app = await AppHarness.start(options);
  try {
    await body(app);
  } catch (err) {
    console.error(`caduceus serve stderr:\n${app.log()}`);
    throw err;
  } finally {
    await app.close();
  }
}

async function openSandboxSettings(app: AppHarness): Promise<void> {
  await app.page.getByTestId('settings-open').click();
  await app.page.getByTestId('settings-nav-sandbox').click();
  await app.page.getByTestId('settings-sandbox').waitFor(WAIT);
}

const sandboxOnDisk = async (app: AppHarness) =>
  (parse(await app.configText()) as { sandbox: Record<string, unknown> }).sandbox;

describe('the Sandbox settings in Chromium', () => {
  it('show the mode in effect and the saved lists', async () => {
    await withApp({ config: CONFIG }, async (app) => {
      await openSandboxSettings(app);
      const status = app.page.getByTestId('sandbox-status');
      await expect.poll(() => status.getAttribute('data-effective'), POLL).toBe('workspace-write');
      expect(await status.innerText()).toMatch(/In effect: workspace write/i);
      expect(await app.page.getByTestId('sandbox-mode').inputValue()).toBe('workspace-write');
      expect(await app.page.getByTestId('sandbox-root-entry').allInnerTexts()).toEqual(['/srv/cache']);
      expect(await app.page.getByTestId('sandbox-off-banner').count()).toBe(0);
      await app.page.getByTestId('sandbox-domain-input').fill('registry.npmjs.org');
      await app.page.getByTestId('sandbox-domain-add').click();
      await app.page.getByTestId('sandbox-root-input').fill('build/out');
      await app.page.getByTestId('sandbox-root-add').click();
      await app.page.getByTestId('sandbox-root-error').waitFor(WAIT);
      await app.screenshotAll('settings-sandbox');
    });
  }, 90_000);

  it('refuses a relative root inline and leaves config.yaml as it was', async () => {
    await withApp({ config: CONFIG }, async (app) => {
      await openSandboxSettings(app);
      await app.page.getByTestId('sandbox-root-input').fill('build/out');
      await app.page.getByTestId('sandbox-root-add').click();
      expect(await app.page.getByTestId('sandbox-root-error').innerText()).toMatch(/absolute path/);
      await app.page.getByTestId('sandbox-domain-input').fill('*.com');
      await app.page.getByTestId('sandbox-domain-input').press('Enter');
      expect(await app.page.getByTestId('sandbox-domain-error').innerText()).toMatch(/too broad/i);
      expect(await app.page.getByTestId('sandbox-root-entry').allInnerTexts()).toEqual(['/srv/cache']);
      expect(await app.page.getByTestId('sandbox-domain-entry').count()).toBe(0);
      expect(await app.configText()).toBe(CONFIG);
    });
  }, 60_000);

  it('saves a valid root and host to config.yaml, keeping its comments, and removes one', async () => {
    await withApp({ config: CONFIG }, async (app) => {
      const { page } = app;
      await openSandboxSettings(app);
      await page.getByTestId('sandbox-root-input').fill('/opt/builds');
      await page.getByTestId('sandbox-root-add').click();
      await expect
        .poll(async () => (await sandboxOnDisk(app)).writable_roots, POLL)
        .toEqual(['/srv/cache', '/opt/builds']);
      await page.getByTestId('sandbox-domain-input').fill('*.npmjs.org');
      await page.getByTestId('sandbox-domain-add').click();
      await expect
        .poll(async () => (await sandboxOnDisk(app)).network, POLL)
        .toEqual({ allowed_domains: ['*.npmjs.org'] });
      expect(await page.getByTestId('sandbox-root-input').inputValue()).toBe('');
      const text = await app.configText();
      for (const comment of ['# my settings', '# default', '# shared cache']) expect(text).toContain(comment);

      await page.locator('[data-testid="sandbox-root-entry"][data-value="/srv/cache"]').waitFor(WAIT);
      await page.getByRole('button', { name: 'Remove /srv/cache' }).click();
      await expect.poll(async () => (await sandboxOnDisk(app)).writable_roots, POLL).toEqual(['/opt/builds']);
      expect(await page.getByTestId('sandbox-root-entry').allInnerTexts()).toEqual(['/opt/builds']);
    });
  }, 60_000);

  it('mode off shows the banner at once; setting it back hides it', async () => {
    await withApp({ config: CONFIG }, async (app) => {
      const { page } = app;
      await openSandboxSettings(app);
      await page.getByTestId('sandbox-mode').selectOption('off');
      await expect.poll(async () => (await sandboxOnDisk(app)).mode, POLL).toBe('off');
      const banner = page.getByTestId('sandbox-off-banner');
      await banner.waitFor(WAIT);
      expect(await banner.innerText()).toMatch(/run unconfined/);
      await expect
        .poll(() => page.getByTestId('sandbox-status').getAttribute('data-effective'), POLL)
        .toBe('off');
      expect(await app.configText()).toContain('# default');
      await page.getByTestId('settings-close').click();
      await app.screenshotAll('sandbox-off-banner');

      // The banner's link opens Settings at the Sandbox section.
      await page.getByTestId('sandbox-banner-settings').click();
      await page.getByTestId('sandbox-mode').waitFor(WAIT);
      await expect.poll(() => page.getByTestId('sandbox-mode').isVisible(), POLL).toBe(true);
      await page.getByTestId('sandbox-mode').selectOption('workspace-write');
      await expect.poll(() => banner.count(), POLL).toBe(0);
      expect((await sandboxOnDisk(app)).mode).toBe('workspace-write');
    });
  }, 60_000);

  it('an edit of config.yaml by another window updates the banner live', async () => {
    await withApp({ config: CONFIG }, async (app) => {
      const { page } = app;
      await page.getByTestId('chat-input').waitFor(WAIT);
      expect(await page.getByTestId('sandbox-off-banner').count()).toBe(0);
      // Another client of the same serve (a second window) turns it off.
      const other = await page.context().newPage();
      await other.goto(page.url());
      await other.getByTestId('settings-open').click();
      await other.getByTestId('settings-nav-sandbox').click();
      await other.getByTestId('sandbox-mode').selectOption('off');
      await page.getByTestId('sandbox-off-banner').waitFor(WAIT);
      await other.close();
    });
  }, 60_000);

  it('where the sandbox cannot start, says what to install and that commands are refused', async () => {
    // A PATH with a shell but no bwrap or socat.
    const bin = await mkdtemp(join(tmpdir(), 'caduceus-e2e-path-'));
    try {
      for (const tool of ['sh', 'bash', 'env', 'cat', 'ls']) await symlink(`/bin/${tool}`, join(bin, tool));
      await withApp({ config: CONFIG, env: { PATH: bin } }, async (app) => {
        const banner = app.page.getByTestId('sandbox-off-banner');
        await banner.waitFor(WAIT);
        expect(await banner.getAttribute('data-effective')).toBe('unavailable');
        expect(await banner.innerText()).toMatch(/cannot start.*refused/is);
        await app.screenshotAll('sandbox-unavailable-banner');
        await openSandboxSettings(app);
        const status = app.page.getByTestId('sandbox-status');
        expect(await status.getAttribute('data-effective')).toBe('unavailable');
        expect(await status.innerText()).toMatch(/Cannot start.*local commands are refused/s);
        expect(await app.page.getByTestId('sandbox-reason').innerText()).toMatch(
          /bubblewrap \(bwrap\) and socat not found on PATH.*apt-get install bubblewrap socat/s,
        );
        await app.screenshotAll('settings-sandbox-unavailable');
      });
    } finally {
      await rm(bin, { recursive: true, force: true });
    }
  }, 60_000);
});
