import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { useApp } from './support/fixture';
import { screenshotViews, terminalRows } from './support/views';

// Tool cards and agent terminal tabs as a user sees them: real serve, real commands, Chromium.
const POLL = { timeout: 15_000, interval: 100 };
const app = useApp('each');

/** The model runs one terminal command, then says it is done. */
async function runCommand(id: string, command: string, prompt: string): Promise<void> {
  app.model.push({ toolCalls: [{ id, name: 'terminal', arguments: { command } }] });
  app.model.push({ text: 'Finished.' });
  await app.send(prompt);
  await expect.poll(() => app.card(id).getAttribute('data-status'), POLL).not.toMatch(/^(running)?$/);
  await expect.poll(() => app.page.getByTestId('chat-status').getAttribute('data-status'), POLL).toBe('idle');
}

async function reopen(prompt: string): Promise<void> {
  await app.page.reload();
  await app.page.getByTestId('session-item').filter({ hasText: prompt }).locator('.session-open').click();
}

describe('agent terminal tab', () => {
  it('draws pipe output with every line at column 0, framed by the command line and its exit', async () => {
    const prompt = 'List three words';
    await runCommand('call_words', "printf 'alpha\\n\\033[32mbeta\\033[0m\\ngamma\\n'", prompt);
    await app.showAgentTerminal();
    let rows: string[] = [];
    await expect
      .poll(async () => (rows = await terminalRows(app.page)).some((r) => r.trim() === 'gamma'), POLL)
      .toBe(true);
    // The output rows hold only their word; its index in the row is its column.
    const at = (word: string) => rows.find((r) => r.trim() === word)?.indexOf(word);
    expect(at('alpha')).toBe(0);
    expect(at('beta')).toBe(0);
    expect(at('gamma')).toBe(0);
    expect(rows.find((r) => r.includes("printf 'alpha"))?.startsWith('$ printf')).toBe(true);
    await expect
      .poll(async () => (await terminalRows(app.page)).find((r) => r.includes('exit 0'))?.trimEnd(), POLL)
      .toMatch(/^✓ exit 0 · \d+\.\ds$/);
    // The colour is kept: beta's cell is drawn with a foreground colour class.
    const beta = app.page.getByTestId('terminal-pane').locator('.xterm-rows span', { hasText: /^beta$/ });
    expect(await beta.first().getAttribute('class')).toMatch(/xterm-fg-2/);
    // The tab carries the session's title, not a task id.
    await expect
      .poll(() => app.page.locator('[data-testid="terminal-tab"][data-kind="agent"]').innerText(), POLL)
      .toContain(prompt);
    await screenshotViews(app.page, 'cards-terminal');
  }, 90_000);
});

describe('tool cards', () => {
  it('shows a failed command as a failure with its exit code, live and after a reload', async () => {
    const prompt = 'Run a failing command';
    await runCommand('call_fail', 'echo one; exit 1', prompt);
    const card = app.card('call_fail');
    expect(await card.getAttribute('data-status')).toBe('error');
    expect(await card.getByTestId('tool-exit-code').innerText()).toContain('exit 1');
    // Icons are drawn SVG masks (no emoji font needed), for the tool and for the state.
    expect(await card.getByTestId('tool-emoji').getAttribute('data-icon')).toBe('terminal');
    expect(await maskOf(card.getByTestId('tool-emoji'))).toContain('data:image/svg+xml');
    expect(await maskOf(card.locator('.tool-status .mask-icon'))).toContain('data:image/svg+xml');
    await card.locator('.tool-call-header').click();
    expect(await card.getByTestId('tool-output').innerText()).toBe('one');
    expect(await card.getByTestId('tool-args').innerText()).toContain('echo one; exit 1');
    await screenshotViews(app.page, 'cards-failed');

    await reopen(prompt);
    await expect.poll(() => card.getAttribute('data-status'), POLL).toBe('error');
    expect(await card.getByTestId('tool-exit-code').innerText()).toContain('exit 1');
  }, 90_000);

  it('shows long output as text, first and last lines with a count, and a copy button', async () => {
    await runCommand('call_seq', 'seq 1 40', 'Count to forty');
    const card = app.card('call_seq');
    expect(await card.getAttribute('data-status')).toBe('ok');
    await card.locator('.tool-call-header').click();
    const output = await card.getByTestId('tool-output').innerText();
    expect(output).not.toContain('"output"');
    expect(output.startsWith('1\n2\n3')).toBe(true);
    expect(output.trimEnd().endsWith('39\n40')).toBe(true);
    expect(await card.getByTestId('tool-hidden-lines').innerText()).toContain('+28 lines');
    await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await card.getByTestId('tool-output-copy').click();
    const copied = await app.page.evaluate<string>('navigator.clipboard.readText()');
    expect(copied.split('\n')).toHaveLength(41);
    await screenshotViews(app.page, 'cards-output');
  }, 90_000);

  it('shows why a tool failed in words under its header', async () => {
    app.model.push({
      toolCalls: [{ id: 'call_read', name: 'read_file', arguments: { path: 'no-such-file.txt' } }],
    });
    app.model.push({ text: 'It is missing.' });
    await app.send('Read a missing file');
    const card = app.card('call_read');
    await expect.poll(() => card.getAttribute('data-status'), POLL).toBe('error');
    expect(await card.getByTestId('tool-error').innerText()).toMatch(/no-such-file\.txt/);
    expect(await card.getByTestId('tool-error').innerText()).not.toContain('{"error"');
  }, 90_000);

  it('explains the hardline refusal of rm -rf / as permanent, also after a reload', async () => {
    const prompt = 'Clean the whole disk';
    await runCommand('call_rm', 'rm -rf /', prompt);
    const card = app.card('call_rm');
    expect(await card.getAttribute('data-status')).toBe('blocked');
    const refusal = card.getByTestId('tool-refusal');
    expect(await refusal.innerText()).toMatch(/permanently/i);
    expect(await refusal.innerText()).toMatch(/nothing to approve/i);
    expect(await refusal.innerText()).not.toContain('"error"');
    await screenshotViews(app.page, 'cards-refusal');

    await reopen(prompt);
    await expect.poll(() => card.getAttribute('data-status'), POLL).toBe('blocked');
    expect(await card.getByTestId('tool-refusal').innerText()).toMatch(/permanently/i);
  }, 90_000);
});

/** The computed mask image an icon is drawn with ('none' when nothing is drawn). */
function maskOf(icon: Locator): Promise<string> {
  return icon.evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).maskImage ?? 'none');
}
