/**
 * An agent's command is never held back by the UI: the wall time of a command writing 64 MB
 * through a PTY with no page connected, next to the same with a Chromium page showing it. Then
 * how long a reloaded page takes to show that terminal again (its snapshot from main's mirror).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Served } from '../e2e/support/serve';
import type { ScriptedModel } from '../src-main/agent/testing/scriptedModel';
import { ServeSocket } from '../e2e/support/serveSocket';
import { withServedApp } from './servedApp';
import { whenInPage } from './rendererProbe';
import { round } from './stats';

const MARK = 'AGENT-$((2+2))-DONE';
const SHOWN = 'AGENT-4-DONE';

/** Times itself in the shell, so both runs measure the same thing: the command's own wall time. */
function command(dir: string, name: string): string {
  return (
    `s=$(date +%s%N); head -c 64000000 /dev/zero | base64; e=$(date +%s%N); ` +
    `echo $(( (e - s) / 1000000 )) > ${join(dir, name)}.tmp; mv ${join(dir, name)}.tmp ${join(dir, name)}; echo ${MARK}`
  );
}

async function elapsedMs(file: string): Promise<number> {
  while (!existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 100));
  return Number(await readFile(file, 'utf8'));
}

function script(model: ScriptedModel, id: string, cmd: string, dir: string): void {
  model.push(
    { toolCalls: [{ id, name: 'terminal', arguments: { command: cmd, workdir: dir, pty: true } }] },
    { text: 'Done.' },
  );
}

async function headlessMs(served: Served, model: ScriptedModel, dir: string): Promise<number> {
  script(model, 'call_headless', command(dir, 'headless'), dir);
  const socket = await ServeSocket.open(served.url);
  await socket.request('chat.send', { text: 'Stream with no page' });
  await socket.close();
  return elapsedMs(join(dir, 'headless'));
}

async function withUiMs(page: Page, model: ScriptedModel, dir: string): Promise<number> {
  script(model, 'call_ui', command(dir, 'ui'), dir);
  await page.getByTestId('chat-input').fill('Stream with the page');
  await page.getByTestId('chat-send').click();
  await page.locator('[data-testid="terminal-tab"][data-kind="agent"]').last().click();
  return elapsedMs(join(dir, 'ui'));
}

/** Characters the page parsed into the agent's tab while it streamed: the work it took on. */
async function pageParsedChars(page: Page): Promise<number> {
  await whenInPage(
    page,
    `(document.querySelector('[data-testid="terminal-pane"] .xterm-rows')?.textContent ?? '').includes('${SHOWN}')`,
  );
  const host = page.getByTestId('terminal-pane').locator('.xterm-host');
  return Number((await host.getAttribute('data-parsed-chars')) ?? 0);
}

/** ms from a reload until the terminal shows the agent's last line again. */
async function reloadRestoreMs(page: Page): Promise<number> {
  const started = performance.now();
  await page.reload();
  await page.locator('[data-testid="terminal-tab"][data-kind="agent"]').last().click();
  await whenInPage(
    page,
    `(document.querySelector('[data-testid="terminal-pane"] .xterm-rows')?.textContent ?? '').includes('${SHOWN}')`,
  );
  return performance.now() - started;
}

export async function benchAgentStream(): Promise<Record<string, number>> {
  return withServedApp('agent', async ({ model, served, dir, open }) => {
    const headless = await headlessMs(served, model, dir);
    const browser = await open();
    const ui = await withUiMs(browser.page, model, dir);
    const pageChars = await pageParsedChars(browser.page);
    const restore = await reloadRestoreMs(browser.page);
    return {
      agent_stream_headless_ms: headless,
      agent_stream_ui_ms: ui,
      agent_stream_ui_vs_headless_pct: round((headless / ui) * 100, 1),
      agent_stream_page_parsed_chars: pageChars,
      reload_restore_ms: round(restore, 0),
    };
  });
}
