import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import type { AppHarness } from './support/app';
import { POLL, test, WAIT } from './support/fixture';

// The browser-mode app end to end: real `caduceus serve`, real PTYs, real Chromium; only the
// model is scripted. Each test gets its own server, CADUCEUS_HOME and page (support/fixture.ts).

/** One tool call, then a final answer once its result is back. */
function scriptToolCall(
  app: AppHarness,
  id: string,
  name: string,
  args: Record<string, unknown>,
  answer: string,
): void {
  app.model.push({ toolCalls: [{ id, name, arguments: args }] }, { text: answer });
}

describe('caduceus serve in Chromium', () => {
  test('shows a running tool call with its live output, then the answer', async ({ app }) => {
    const dir = join(app.work, 'live');
    await mkdir(dir, { recursive: true });
    // Waits for a file the test writes, so "still running" is a fact, not a race.
    const command =
      'echo tick-1; until [ -e release.flag ]; do sleep 0.1; done; for i in 2 3 4 5; do echo tick-$i; sleep 0.2; done';
    scriptToolCall(app, 'call_live', 'terminal', { command, workdir: dir }, 'All five ticks printed.');
    await app.send('Print some ticks');

    const card = app.card('call_live');
    await card.waitFor(WAIT);
    await expect.poll(() => card.getAttribute('data-tool'), POLL).toBe('terminal');
    await expect.poll(() => card.getAttribute('data-status'), POLL).toBe('running');
    // A drawn icon, not an emoji that may render as an empty box.
    expect(await card.getByTestId('tool-emoji').getAttribute('data-icon')).toBe('terminal');
    await card.locator('.tool-spinner').waitFor(WAIT);
    await app.showAgentTerminal();
    await expect.poll(() => app.terminalText(), POLL).toContain('tick-1');
    expect(await card.getAttribute('data-status')).toBe('running');
    await app.screenshot('01-live-output');

    await writeFile(join(dir, 'release.flag'), '');
    await expect.poll(() => card.getAttribute('data-status'), POLL).toBe('ok');
    await expect
      .poll(
        () =>
          card
            .getByTestId('tool-emoji')
            .evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).maskImage ?? 'none'),
        POLL,
      )
      .toContain('data:image/svg+xml');
    await expect.poll(() => app.terminalText(), POLL).toContain('tick-5');
    await expect
      .poll(() => app.assistantText().allInnerTexts(), POLL)
      .toContainEqual(expect.stringContaining('All five ticks printed.'));
    await app.screenshot('02-answer');
  }, 60_000);

  test('asks before a recursive delete, and Always lands in the Settings allowlist until removed', async ({
    app,
  }) => {
    const { page } = app;
    const target = join(app.work, 'scratch-e2e');
    await mkdir(join(target, 'inner'), { recursive: true });
    const command = 'rm -rf ./scratch-e2e';
    scriptToolCall(app, 'call_rm_1', 'terminal', { command, workdir: app.work }, 'Deleted it.');
    await app.send('Delete the scratch folder');

    const dialog = page.getByTestId('approval-dialog');
    await dialog.waitFor(WAIT);
    expect(await page.getByTestId('approval-command').innerText()).toContain(command);
    await expect.poll(() => app.card('call_rm_1').getAttribute('data-awaiting'), POLL).toBe('approval');
    const offered = await dialog.locator('.approval-key').allInnerTexts();
    await app.screenshot('03-approval-dialog');
    await page.getByTestId('approval-always').click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => app.card('call_rm_1').getAttribute('data-status'), POLL).toBe('ok');
    await expect.poll(() => existsSync(target), POLL).toBe(false);

    // The key the dialog offered is the one the gate stored in config.yaml.
    await expect.poll(() => app.allowlistOnDisk(), POLL).toEqual(expect.arrayContaining(offered));
    const [key = ''] = offered;
    expect(key).not.toBe('');
    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-nav-allowlist').click();
    const entry = page
      .getByTestId('settings-allowlist')
      .locator(`[data-testid="allowlist-entry"][data-key="${key}"]`);
    await entry.waitFor(WAIT);
    await app.screenshot('04-allowlist');
    await entry.getByTestId('allowlist-remove').click();
    await entry.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => app.allowlistOnDisk(), POLL).not.toContain(key);
    await page.getByTestId('settings-close').click();

    await mkdir(target, { recursive: true });
    scriptToolCall(app, 'call_rm_2', 'terminal', { command, workdir: app.work }, 'Left it alone.');
    await app.send('Delete it again');
    await dialog.waitFor(WAIT);
    expect(await page.getByTestId('approval-command').innerText()).toContain(command);
    await page.getByTestId('approval-deny').click();
    await expect.poll(() => app.card('call_rm_2').getAttribute('data-status'), POLL).toBe('denied');
    expect(existsSync(target)).toBe(true);
    await app.screenshot('05-denied');
  }, 90_000);

  test('never asks about a hardline command: it is blocked', async ({ app }) => {
    scriptToolCall(app, 'call_hard', 'terminal', { command: 'rm -rf /' }, 'That was refused.');
    await app.send('Wipe the disk');
    // A dialog would hold the call until answered, so a blocked card proves none was raised.
    await expect.poll(() => app.card('call_hard').getAttribute('data-status'), POLL).toBe('blocked');
    expect(await app.page.getByTestId('approval-dialog').count()).toBe(0);
    await app.screenshot('06-hardline-blocked');
  }, 60_000);

  test('a toolset switched off in Settings is missing from the next model request', async ({ app }) => {
    const { page } = app;
    const toggle = page.locator('[data-testid="toolset-toggle"][data-toolset="file"]');
    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-nav-toolsets').click();
    await page.getByTestId('settings-toolsets').waitFor(WAIT);
    await expect.poll(() => toggle.isChecked(), POLL).toBe(true);
    await toggle.click();
    await expect.poll(() => toggle.isChecked(), POLL).toBe(false);
    await expect.poll(() => toggle.isEnabled(), POLL).toBe(true); // saved
    await app.screenshot('07-toolset-off');
    await page.getByTestId('settings-close').click();

    app.model.push({ text: 'No file tools today.' });
    await app.send('What can you do?');
    await expect.poll(() => app.model.requests.length, POLL).toBe(1);
    const tools = app.model.toolNames(0);
    expect(tools).toContain('terminal');
    for (const name of ['read_file', 'write_file', 'patch', 'search_files'])
      expect(tools).not.toContain(name);

    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-nav-toolsets').click();
    await toggle.click();
    await expect.poll(() => toggle.isChecked(), POLL).toBe(true);
    await expect.poll(() => toggle.isEnabled(), POLL).toBe(true);
    await page.getByTestId('settings-close').click();
  }, 60_000);

  test("keys typed into an agent's terminal tab reach its running command", async ({ app }) => {
    const { page } = app;
    const command = 'echo ready-to-read; read line; echo "got:$line" | tr a-z A-Z';
    scriptToolCall(
      app,
      'call_keys',
      'terminal',
      { command, pty: true, workdir: app.work },
      'It read the line.',
    );
    await app.send('Ask me for a line');
    await app.showAgentTerminal();
    await expect.poll(() => app.terminalText(), POLL).toContain('ready-to-read');
    expect(await app.card('call_keys').getAttribute('data-status')).toBe('running');
    await page.getByTestId('terminal-pane').locator('.xterm').click();
    await page.keyboard.type('hello');
    await page.keyboard.press('Enter');
    await expect.poll(() => app.terminalText(), POLL).toContain('GOT:HELLO');
    await expect.poll(() => app.card('call_keys').getAttribute('data-status'), POLL).toBe('ok');
    await app.screenshot('09-agent-keys');
  }, 60_000);

  test('says so when keys cannot reach an agent command', async ({ app }) => {
    const { page } = app;
    const dir = join(app.work, 'no-input');
    await mkdir(dir, { recursive: true });
    const command = 'echo plain-ready; until [ -e done.flag ]; do sleep 0.1; done';
    scriptToolCall(app, 'call_plain', 'terminal', { command, workdir: dir }, 'Finished.');
    await app.send('Wait for the flag');
    await app.showAgentTerminal();
    await expect.poll(() => app.terminalText(), POLL).toContain('plain-ready');
    await page.getByTestId('terminal-pane').locator('.xterm').click();
    await page.keyboard.type('abc');
    const notice = page.getByTestId('notice').filter({ hasText: 'Typing did not reach the terminal' });
    await notice.waitFor(WAIT);
    expect(await notice.innerText()).toMatch(/reads no input/);
    await writeFile(join(dir, 'done.flag'), '');
    await expect.poll(() => app.card('call_plain').getAttribute('data-status'), POLL).toBe('ok');
  }, 60_000);

  test('a user shell tab echoes what is typed', async ({ app }) => {
    const { page } = app;
    await page.getByTestId('terminal-new-shell').click();
    const tab = page.locator('[data-testid="terminal-tab"][data-kind="shell"]').last();
    await tab.waitFor(WAIT);
    await expect.poll(() => tab.getAttribute('aria-selected'), POLL).toBe('true');
    await expect.poll(async () => (await app.terminalText()).trim(), POLL).not.toBe('');
    await page.getByTestId('terminal-pane').locator('.xterm').click();
    await page.keyboard.type('echo hello-$((6*7))');
    await page.keyboard.press('Enter');
    await expect.poll(() => app.terminalText(), POLL).toContain('hello-42');
    await app.screenshot('08-user-shell');
  }, 60_000);
});
