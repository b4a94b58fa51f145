import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { READ_CELLS, type Cells } from '../src-main/terminal/mirror/testing/cells';
import { useApp } from './support/fixture';

// A reload or a restart of serve comes back to the session that was open: its id is in the
// address, its messages show, and its agent tab replays the command's output.
const POLL = { timeout: 15_000, interval: 100 };
const PROMPT = 'Print the restore marker';
const app = useApp('each');

/** Runs one command in the open chat; returns its session's id as the sidebar knows it. */
async function runCommand(callId: string, command: string, prompt: string): Promise<string> {
  app.model.push({ toolCalls: [{ id: callId, name: 'terminal', arguments: { command } }] });
  app.model.push({ text: 'Printed.' });
  await app.send(prompt);
  await expect.poll(() => app.page.getByTestId('chat-status').getAttribute('data-status'), POLL).toBe('idle');
  const current = app.page.locator('[data-testid="session-item"].current');
  await expect.poll(() => current.count(), POLL).toBe(1);
  return (await current.getAttribute('data-session')) ?? '';
}

/** Runs one command in a new session; returns the session's id as the sidebar knows it. */
const runMarker = () => runCommand('call_marker', 'echo restore-$((20+22))', PROMPT);

/** Runs `echo screen-<n>` in a new chat; returns its session's id. */
async function runScreen(n: number): Promise<string> {
  await app.page.getByTestId('new-chat').click();
  return runCommand(`call_screen_${n}`, `echo screen-$((${n}*11))`, `Print screen ${n}`);
}

const agentTab = (session: string) =>
  app.page.locator(`[data-testid="terminal-tab"][data-kind="agent"][data-task="${session}"]`);

/** Whether the tab lies wholly inside the visible part of the tab strip. */
async function fullyInStrip(tab: Locator): Promise<boolean> {
  const strip = await app.page.locator('[role="tablist"][aria-label="Terminals"]').boundingBox();
  const box = await tab.boundingBox();
  return !!strip && !!box && box.x >= strip.x - 0.5 && box.x + box.width <= strip.x + strip.width + 0.5;
}

const shellTab = () => app.page.locator('[data-testid="terminal-tab"][data-kind="shell"]');

/** Types a command into the terminal in front and waits for its output. */
async function typeInShell(command: string, output: string): Promise<void> {
  await app.page.getByTestId('terminal-pane').locator('.xterm').click();
  await app.page.keyboard.type(command);
  await app.page.keyboard.press('Enter');
  await expect.poll(() => app.terminalText(), POLL).toContain(output);
}

/** The cells of the terminal in front, read from the page's xterm. */
async function frontCells(): Promise<Cells | null> {
  return (await app.page.evaluate(`(() => {
    const host = document.querySelector('[data-testid="terminal-pane"] .xterm-host');
    return host && host.terminal ? (${READ_CELLS})(host.terminal) : null;
  })()`)) as Cells | null;
}

/** Every line of the terminal in front, scrollback included. */
async function bufferText(): Promise<string> {
  return (await app.page.evaluate(`(() => {
    const b = document.querySelector('[data-testid="terminal-pane"] .xterm-host').terminal.buffer.active;
    const lines = [];
    for (let i = 0; i < b.length; i++) lines.push(b.getLine(i).translateToString(true));
    return lines.join('\\n');
  })()`)) as string;
}

const hash = () => new URL(app.page.url()).hash;
const userMessage = () =>
  app.page.locator('[data-testid="message"][data-role="user"]').filter({ hasText: PROMPT });

describe('restore', () => {
  it('reopens the open session after a reload, with its agent output', async () => {
    const id = await runMarker();
    expect(id).not.toBe('');
    await expect.poll(hash, POLL).toBe(`#/session/${id}`);
    await app.page.getByTestId('terminal-new-shell').click();
    await expect.poll(() => shellTab().getAttribute('aria-selected'), POLL).toBe('true');
    await expect.poll(async () => (await app.terminalText()).trim(), POLL).not.toBe('');
    await typeInShell('echo before-$((3+4))', 'before-7');

    await app.page.reload();
    await expect.poll(() => userMessage().count(), POLL).toBe(1);
    expect(hash()).toBe(`#/session/${id}`);
    expect(await app.card('call_marker').getAttribute('data-status')).toBe('ok');
    await app.showAgentTerminal();
    await expect.poll(() => app.terminalText(), POLL).toContain('restore-42');
    // The user's shell has its tab back, and it still takes commands.
    await expect.poll(() => shellTab().count(), POLL).toBe(1);
    expect(await app.page.locator('[data-testid="terminal-tab"][data-kind="agent"]').count()).toBe(1);
    await shellTab().click();
    await typeInShell('echo after-$((5+5))', 'after-10');
  }, 90_000);

  it("shows a user shell's screen after a reload without anything typed", async () => {
    await app.page.getByTestId('terminal-new-shell').click();
    await expect.poll(() => shellTab().getAttribute('aria-selected'), POLL).toBe('true');
    await expect.poll(async () => (await app.terminalText()).trim(), POLL).not.toBe('');
    // The command line holds `shell-%s`; only its output holds the marker.
    await typeInShell("printf '\\033[32mshell-%s\\033[0m marker\\n' $((6*7))", 'shell-42 marker');

    await app.page.reload();
    await expect.poll(() => shellTab().count(), POLL).toBe(1);
    await shellTab().click();
    await expect.poll(() => app.terminalText(), POLL).toContain('shell-42 marker');
    // Its colour came back too: the marker's first cell is green (palette colour 2).
    const cells = await frontCells();
    const row = cells?.screen.find((r) =>
      r
        .map((c) => c.char)
        .join('')
        .startsWith('shell-42 marker'),
    );
    expect(row?.[0]).toMatchObject({ char: 's', fg: 2 });
    expect(row?.[9]).toMatchObject({ char: 'm', fgMode: 0 });
  }, 90_000);

  it('keeps a shell that is writing as a shell tab through a reload', async () => {
    await app.page.getByTestId('terminal-new-shell').click();
    await expect.poll(() => shellTab().getAttribute('aria-selected'), POLL).toBe('true');
    // Its output keeps coming while the reloaded page asks which shells are open.
    await typeInShell('i=0; while :; do i=$((i+1)); echo "tick-$i"; sleep 0.02; done', 'tick-5');

    await app.page.reload();
    await expect.poll(() => shellTab().count(), POLL).toBe(1);
    await shellTab().click();
    const ticks = async () => Number(/tick-(\d+)\s*$/.exec((await app.terminalText()).trim())?.[1] ?? 0);
    const seen = await ticks();
    await expect.poll(ticks, POLL).toBeGreaterThan(seen);
    expect(await app.page.locator('[data-testid="terminal-tab"][data-kind="agent"]').count()).toBe(0);
    // Resized (to each screenshot's size) while it writes, it still holds the ticks in order,
    // scrollback included: nothing written before a snapshot of it is left above it.
    await app.screenshotAll('restore-shell-writing');
    const resized = await ticks();
    await expect.poll(ticks, POLL).toBeGreaterThan(resized);
    const shown = [...(await bufferText()).matchAll(/tick-(\d+)/g)].map((m) => Number(m[1]));
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.slice(1).every((n, i) => n === (shown[i] ?? NaN) + 1)).toBe(true);
    await app.page.keyboard.press('Control+C');
  }, 90_000);

  it('shows the tab that was in front again after a reload, and every other tab when picked', async () => {
    const sessions: string[] = [];
    for (const n of [1, 2, 3]) sessions.push(await runScreen(n));
    expect(new Set(sessions).size).toBe(3);
    const [first, middle, last] = sessions as [string, string, string];
    await agentTab(middle).click();
    await expect.poll(() => app.terminalText(), POLL).toContain('screen-22');

    await app.page.setViewportSize({ width: 1024, height: 700 });
    await app.page.reload();
    // Restored screens came back in some order; none took the front from the one the user had.
    await expect.poll(() => app.terminalText(), POLL).toContain('screen-22');
    expect(await agentTab(middle).getAttribute('aria-selected')).toBe('true');
    // In a narrow window it is within the strip, close button included, not cut off at its edge.
    await expect.poll(() => fullyInStrip(agentTab(middle).locator('..')), POLL).toBe(true);
    await app.screenshotAll('restore-front-tab');
    for (const [session, text] of [
      [first, 'screen-11'],
      [last, 'screen-33'],
    ] as const) {
      await agentTab(session).click();
      await expect.poll(() => app.terminalText(), POLL).toContain(text);
    }
    // Picked after the restore, the front is remembered for the next reload.
    await app.page.reload();
    await expect.poll(() => app.terminalText(), POLL).toContain('screen-33');
    expect(await agentTab(last).getAttribute('aria-selected')).toBe('true');
  }, 90_000);

  it('reopens the session named in the address after serve restarts', async () => {
    const id = await runMarker();
    await expect.poll(hash, POLL).toBe(`#/session/${id}`);

    await app.restartServe();
    await expect.poll(() => userMessage().count(), POLL).toBe(1);
    expect(hash()).toBe(`#/session/${id}`);
    expect(await app.card('call_marker').getAttribute('data-status')).toBe('ok');
  }, 90_000);

  it('starts a new chat with a clean address, and opens a session typed into it', async () => {
    const id = await runMarker();
    await app.page.getByTestId('new-chat').click();
    await expect.poll(hash, POLL).toBe('');
    await app.page.evaluate((target) => {
      (globalThis as unknown as { location: { hash: string } }).location.hash = target;
    }, `#/session/${id}`);
    await expect.poll(() => userMessage().count(), POLL).toBe(1);
  }, 90_000);
});
