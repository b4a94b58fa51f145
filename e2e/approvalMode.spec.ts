import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { AppHarness } from './support/app';
import { POLL, WAIT } from './support/fixture';

describe('the approval mode in Settings, in Chromium', () => {
  it('offers Auto, says what it trades, and saves approvals.mode: auto', async () => {
    const app = await AppHarness.start({});
    try {
      await app.page.getByTestId('settings-open').click();
      await app.page.getByTestId('settings-nav-approvals').click();
      const section = app.page.getByTestId('settings-approvals');
      await section.waitFor(WAIT);
      const mode = app.page.getByTestId('settings-approval-mode');
      expect(await mode.inputValue()).toBe('manual');
      await mode.selectOption('auto');
      const hint = section.locator('.settings-hint').first();
      await expect.poll(() => hint.innerText(), POLL).toMatch(/can be undone/);
      expect(await hint.innerText()).toMatch(
        /leaves the workspace, reaches the network, publishes or sends data/,
      );
      const saved = async () =>
        (parse(await app.configText()) as { approvals?: { mode?: string } } | null)?.approvals?.mode;
      await expect.poll(saved, POLL).toBe('auto');
      expect(await app.page.getByTestId('approval-auto-held-back').count()).toBe(0);
      await section.scrollIntoViewIfNeeded();
      await app.screenshotAll('settings-approvals-auto');
    } catch (err) {
      console.error(`caduceus serve stderr:\n${app.log()}`);
      throw err;
    } finally {
      await app.close();
    }
  }, 90_000);

  it('says when the sandbox settings make Auto ask as Manual does', async () => {
    const config =
      'approvals:\n  mode: auto\nsandbox:\n  network:\n    allowed_domains: [registry.npmjs.org]\n';
    const app = await AppHarness.start({ config });
    try {
      await app.page.getByTestId('settings-open').click();
      await app.page.getByTestId('settings-nav-approvals').click();
      const note = app.page.getByTestId('approval-auto-held-back');
      await note.waitFor(WAIT);
      expect(await note.innerText()).toMatch(
        /reach the hosts listed under Sandbox, so Auto asks as Manual does/,
      );
      await app.page.getByTestId('settings-approvals').scrollIntoViewIfNeeded();
      await app.screenshotAll('settings-approvals-auto-held-back');
    } catch (err) {
      console.error(`caduceus serve stderr:\n${app.log()}`);
      throw err;
    } finally {
      await app.close();
    }
  }, 90_000);
});
