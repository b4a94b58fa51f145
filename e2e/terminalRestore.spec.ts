import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { READ_CELLS, renderCells, type Cells } from '../src-main/terminal/mirror/testing/cells';
import { commandHeader } from '../src-main/terminal/streamFrame';
import { POLL, test, WAIT } from './support/fixture';

// A page that lags and then reloads shows an agent's terminal exactly as a terminal that parsed
// every byte would: real `caduceus serve`, a real PTY, Chromium's xterm read cell by cell.

const HOST = `document.querySelector('[data-testid="terminal-pane"] .xterm-host')`;

/** Colours, a full scroll, the alternate screen and back, cursor moves; lines end in \r\n. */
function screenBytes(lines = 3_000): string {
  const parts: string[] = [];
  for (let i = 0; i < lines; i++)
    parts.push(`\x1b[3${i % 8}mline ${i}\x1b[0m \x1b[1;4${(i + 3) % 8}mbold on colour\x1b[0m\r\n`);
  parts.push('\x1b[?1049h\x1b[2J\x1b[H\x1b[38;5;202mfull-screen app\x1b[0m\x1b[10;10H\x1b[7mframe\x1b[27m');
  parts.push('\x1b[?1049l');
  parts.push('\x1b[38;2;10;200;30mtruecolour\x1b[0m after the app\r\n');
  parts.push('\x1b[5;3H\x1b[45mplaced\x1b[0m\x1b[2A\x1b[4Cup\x1b[K\x1b[8;20H\x1b[3mitalic\x1b[0m\x1b[12;4H');
  return parts.join('');
}

async function pageCells(page: Page): Promise<Cells | null> {
  return (await page.evaluate(`(() => {
    const host = ${HOST};
    return host && host.terminal ? (${READ_CELLS})(host.terminal) : null;
  })()`)) as Cells | null;
}

async function pageSize(page: Page): Promise<{ cols: number; rows: number }> {
  return (await page.evaluate(
    `(() => { const t = ${HOST}.terminal; return { cols: t.cols, rows: t.rows }; })()`,
  )) as { cols: number; rows: number };
}

describe('agent terminal restore', () => {
  test('a lagging page that reloads shows the live screen, then the final one, cell by cell', async ({
    app,
  }) => {
    const { page } = app;
    const dir = join(app.work, 'restore');
    await mkdir(dir, { recursive: true });
    const bytes = screenBytes();
    await writeFile(join(dir, 'screen.bin'), bytes);
    // Waits until the test has seen the tab's size reach the PTY, writes the bytes, then waits again.
    const command = [
      'echo waiting-for-size',
      'until [ -e size ] && [ "$(stty size)" = "$(cat size)" ]; do sleep 0.1; done',
      'cat screen.bin',
      'touch written',
      'until [ -e stop ]; do sleep 0.1; done',
    ].join('; ');
    app.model.push(
      {
        toolCalls: [{ id: 'call_screen', name: 'terminal', arguments: { command, workdir: dir, pty: true } }],
      },
      { text: 'Drawn.' },
    );
    await app.send('Draw the screen');
    await app.showAgentTerminal();
    await expect.poll(() => app.terminalText(), POLL).toContain('waiting-for-size');
    const { cols, rows } = await pageSize(page);
    await writeFile(join(dir, 'size'), `${rows} ${cols}`);

    // The page's main thread is busy while the bytes arrive: it falls behind.
    const lag = page.evaluate('(() => { const end = Date.now() + 3000; while (Date.now() < end); })()');
    await expect.poll(() => existsSync(join(dir, 'written')), POLL).toBe(true);
    await lag;

    const expected = await renderCells(
      `${commandHeader(command)}waiting-for-size\r\n${bytes.replace(/\n/g, '\r\n')}`,
      cols,
      rows,
    );
    expect(expected.alternate).toBe(false);
    expect(expected.screen.flat().some((c) => c.fgMode !== 0)).toBe(true);

    await page.reload();
    await app.showAgentTerminal();
    await expect.poll(async () => (await pageCells(page))?.screen, POLL).toEqual(expected.screen);
    const live = await pageCells(page);
    expect(live?.cursor).toEqual(expected.cursor);
    expect(live?.alternate).toBe(false);

    // The command ends: a page loaded afterwards gets its final screen.
    await writeFile(join(dir, 'stop'), '');
    // The command's result has reached the model: its stream has ended.
    await expect.poll(() => app.model.requests.length, POLL).toBeGreaterThanOrEqual(2);
    await page.reload();
    await app.showAgentTerminal();
    // The final screen adds one line, the exit footer, below where the bytes left the cursor.
    const footerRow = expected.cursor.y + 1;
    const withoutFooter = (screen: Cells['screen'] | undefined) => screen?.filter((_, i) => i !== footerRow);
    await expect
      .poll(async () => withoutFooter((await pageCells(page))?.screen), POLL)
      .toEqual(withoutFooter(expected.screen));
    const footer = (await pageCells(page))?.screen[footerRow]?.map((c) => c.char).join('');
    expect(footer).toMatch(/^✓ exit 0/);
    await page.getByTestId('terminal-pane').waitFor(WAIT);
  }, 120_000);

  test('a page that keeps up with a flood past its live budget shows the screen cell by cell', async ({
    app,
  }) => {
    const { page } = app;
    const dir = join(app.work, 'flood');
    await mkdir(dir, { recursive: true });
    // Several times what a page is sent live in a budget window: most of it reaches the page as a snapshot.
    const bytes = screenBytes(15_000);
    await writeFile(join(dir, 'screen.bin'), bytes);
    const command = [
      'echo waiting-for-size',
      'until [ -e size ] && [ "$(stty size)" = "$(cat size)" ]; do sleep 0.1; done',
      'cat screen.bin',
      'until [ -e stop ]; do sleep 0.1; done',
    ].join('; ');
    app.model.push(
      {
        toolCalls: [{ id: 'call_flood', name: 'terminal', arguments: { command, workdir: dir, pty: true } }],
      },
      { text: 'Flooded.' },
    );
    await app.send('Flood the screen');
    await app.showAgentTerminal();
    await expect.poll(() => app.terminalText(), POLL).toContain('waiting-for-size');
    const { cols, rows } = await pageSize(page);
    await writeFile(join(dir, 'size'), `${rows} ${cols}`);

    const expected = await renderCells(
      `${commandHeader(command)}waiting-for-size\r\n${bytes.replace(/\n/g, '\r\n')}`,
      cols,
      rows,
    );
    await expect.poll(async () => (await pageCells(page))?.screen, POLL).toEqual(expected.screen);
    expect((await pageCells(page))?.cursor).toEqual(expected.cursor);
    await writeFile(join(dir, 'stop'), '');
    await expect.poll(() => app.card('call_flood').getAttribute('data-status'), POLL).toBe('ok');
  }, 120_000);

  test("a snapshot taken at another window's grid is shown at this pane's grid, and leaves the PTY as it is", async ({
    app,
  }) => {
    const { page } = app;
    const dir = join(app.work, 'grids');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'screen.bin'), screenBytes(15_000));
    // Written aside and renamed, so a read never lands between the truncation and the write.
    const sizeLoop = (until: string) =>
      `until [ -e ${until} ]; do stty size > pty.size.new; mv pty.size.new pty.size; sleep 0.1; done`;
    const command = ['echo waiting-for-go', sizeLoop('go'), 'cat screen.bin', sizeLoop('stop')].join('; ');
    app.model.push(
      {
        toolCalls: [{ id: 'call_grids', name: 'terminal', arguments: { command, workdir: dir, pty: true } }],
      },
      { text: 'Shown in two windows.' },
    );
    const ptySize = () =>
      readFile(join(dir, 'pty.size'), 'utf8').then(
        (s) => s.trim(),
        () => '',
      );
    await app.send('Show it in two windows');
    await app.showAgentTerminal();
    await expect.poll(() => app.terminalText(), POLL).toContain('waiting-for-go');
    const own = await pageSize(page);
    await expect.poll(ptySize, POLL).toBe(`${own.rows} ${own.cols}`);

    // A window of another size shows the same terminal: the PTY takes its grid, as the last fitted.
    const other = await page.context().newPage();
    await other.setViewportSize({ width: 900, height: 560 });
    await other.goto(page.url());
    await other.locator('[data-testid="terminal-tab"][data-kind="agent"]').last().click();
    await expect.poll(() => pageSize(other), POLL).not.toEqual(own);
    const others = await pageSize(other);
    await expect.poll(ptySize, POLL).toBe(`${others.rows} ${others.cols}`);

    // The first window lags through a flood: it is sent a snapshot taken at the other's grid.
    const lag = page.evaluate('(() => { const end = Date.now() + 3000; while (Date.now() < end); })()');
    await writeFile(join(dir, 'go'), '');
    await lag;
    await expect.poll(() => app.terminalText(), POLL).toContain('line 14999');
    // Parsed at that grid, the screen takes its own pane's grid again; the PTY keeps the other's.
    await expect.poll(() => pageSize(page), POLL).toEqual(own);
    expect(await ptySize()).toBe(`${others.rows} ${others.cols}`);
    await writeFile(join(dir, 'stop'), '');
    await expect.poll(() => app.card('call_grids').getAttribute('data-status'), POLL).toBe('ok');
    await other.close();
  }, 120_000);

  test("a finished command's tab shows its final screen after serve restarts", async ({ app }) => {
    const { page } = app;
    const command = "printf '\\033[35mkept-%s\\033[0m across the restart\\n' $((3*5))";
    app.model.push(
      { toolCalls: [{ id: 'call_kept', name: 'terminal', arguments: { command, pty: true } }] },
      { text: 'Printed.' },
    );
    await app.send('Print something to keep');
    await expect.poll(() => app.card('call_kept').getAttribute('data-status'), POLL).toBe('ok');
    await app.showAgentTerminal();
    await expect.poll(() => app.terminalText(), POLL).toContain('kept-15 across the restart');

    await app.restartServe();
    await app.showAgentTerminal();
    await expect.poll(() => app.terminalText(), POLL).toContain('kept-15 across the restart');
    const row = (await pageCells(page))?.screen.find((r) =>
      r
        .map((c) => c.char)
        .join('')
        .startsWith('kept-15'),
    );
    // Magenta, as the command printed it: the screen, not just its text.
    expect(row?.[0]).toMatchObject({ char: 'k', fg: 5 });
    expect(row?.[0]?.fgMode).not.toBe(0);
    expect(await app.terminalText()).toMatch(/✓ exit 0/);
  }, 90_000);

  test('a closed agent tab stays closed while its command goes on writing', async ({ app }) => {
    const { page } = app;
    const dir = join(app.work, 'closed');
    await mkdir(dir, { recursive: true });
    const command = 'echo first-line; until [ -e go ]; do sleep 0.1; done; seq 1 2000; echo last-line';
    app.model.push(
      { toolCalls: [{ id: 'call_closed', name: 'terminal', arguments: { command, workdir: dir } }] },
      { text: 'Wrote on.' },
    );
    await app.send('Write on after the close');
    await app.showAgentTerminal();
    await expect.poll(() => app.terminalText(), POLL).toContain('first-line');
    const agentTabs = page.locator('[data-testid="terminal-tab"][data-kind="agent"]');
    await page.getByTestId('terminal-tab-close').last().click();
    await expect.poll(() => agentTabs.count(), POLL).toBe(0);
    await writeFile(join(dir, 'go'), '');
    await expect.poll(() => app.card('call_closed').getAttribute('data-status'), POLL).toBe('ok');
    expect(await agentTabs.count()).toBe(0);
  }, 60_000);
});
