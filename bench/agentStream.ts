/**
 * An agent's command is never held back by the UI: the wall time of a command writing 64 MB
 * through a PTY with no page connected, next to the same with a Chromium page showing it, in
 * alternating rounds so that a change in the machine's load falls on both alike. Each run with a
 * page is set against the mean of the runs without one just before and just after it, so a load
 * that rises or falls across the round cancels out; the figure is the median of those ratios.
 * Then how long a reloaded page takes to show that terminal again (its snapshot from main's
 * mirror), and to show each other restored tab when it is picked.
 * Last, what the page costs while a command prints nothing.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Served } from '../e2e/support/serve';
import type { ScriptedModel } from '../src-main/agent/testing/scriptedModel';
import { openApp, type Browser } from '../e2e/support/chromium';
import { ServeSocket } from '../e2e/support/serveSocket';
import { withServedApp } from './servedApp';
import { whenInPage, whenPageSettled } from './rendererProbe';
import { chromiumCpuSeconds } from './chromiumCpu';
import { cpuThrottle } from './cpuThrottle';
import { median, round } from '../src-shared/stats';

/**
 * One round's ratio moves by up to ±20% with the machine's load on a 2-core machine (the same
 * command's CPU time alone varies by a third from run to run on a shared host): nine rounds give a
 * steadier median than seven.
 */
const ROUNDS = 9;

const MARK = 'AGENT-$((2+2))-DONE';
const SHOWN = 'AGENT-4-DONE';
const AGENT_TABS = '[data-testid="terminal-tab"][data-kind="agent"]';
const SHOWS_MARK = `(document.querySelector('[data-testid="terminal-pane"] .xterm-rows')?.textContent ?? '').includes('${SHOWN}')`;

/** Times itself in the shell, so both runs measure the same thing: the command's own wall time. */
function command(dir: string, name: string): string {
  return (
    `s=$(date +%s%N); head -c 64000000 /dev/zero | base64; e=$(date +%s%N); ` +
    `echo $(( (e - s) / 1000000 )) > ${join(dir, name)}.tmp; mv ${join(dir, name)}.tmp ${join(dir, name)}; echo ${MARK}`
  );
}

/** Resolves once the command has made `file`. */
async function untilFile(file: string): Promise<void> {
  while (!existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 50));
}

async function elapsedMs(file: string): Promise<number> {
  await untilFile(file);
  return Number(await readFile(file, 'utf8'));
}

/** The model calls the terminal with `cmd`, once `answered` resolves when given, then says it is done. */
function script(model: ScriptedModel, id: string, cmd: string, dir: string, answered?: Promise<void>): void {
  const call = {
    toolCalls: [{ id, name: 'terminal', arguments: { command: cmd, workdir: dir, pty: true } }],
  };
  model.push(answered ? () => answered.then(() => call) : call, { text: 'Done.' });
}

async function headlessMs(served: Served, model: ScriptedModel, dir: string, name: string): Promise<number> {
  script(model, `call_${name}`, command(dir, name), dir);
  const socket = await ServeSocket.open(served.url);
  await socket.request('chat.send', { text: 'Stream with no page' });
  await socket.close();
  return elapsedMs(join(dir, name));
}

/**
 * Waits for the tab of the command of the session in view (the tabs of earlier rounds' commands
 * are restored too, so the last tab may be an old one), and picks it if it is not in front: a new
 * command's tab comes to the front by itself, and a user does not click the tab in front.
 */
async function showAgentTab(page: Page): Promise<void> {
  // The address names the session in view once the page has drawn it.
  await whenInPage(page, `location.hash.startsWith('#/session/')`);
  const hash = String(await page.evaluate('location.hash'));
  const session = decodeURIComponent(hash.slice('#/session/'.length));
  const tab = page.locator(`${AGENT_TABS}[data-task=${JSON.stringify(session)}]`);
  await tab.waitFor();
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
}

/**
 * The page is opened afresh for each round; the command starts once it has settled, so what is
 * measured is a page showing the command, not a page starting up (its start-up took a core's
 * second or more on its own, in whatever round it fell). Likewise the model calls the tool once
 * the page has drawn the message sent, as with a real model, which takes hundreds of ms or more
 * to call one: a scripted model answering within milliseconds laid the page's drawing of the
 * user's own message over the command's first second.
 */
async function withUiMs(page: Page, model: ScriptedModel, dir: string, name: string): Promise<number> {
  await whenPageSettled(page);
  let answer = (): void => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  script(model, `call_${name}`, command(dir, name), dir, answered);
  await page.getByTestId('chat-input').fill('Stream with the page');
  await page.getByTestId('chat-send').click();
  await whenPageSettled(page);
  answer();
  await showAgentTab(page);
  return elapsedMs(join(dir, name));
}

/** Characters the page parsed into the agent's tab while it streamed: the work it took on. */
async function pageParsedChars(page: Page): Promise<number> {
  await whenInPage(page, SHOWS_MARK);
  const host = page.getByTestId('terminal-pane').locator('.xterm-host');
  return Number((await host.getAttribute('data-parsed-chars')) ?? 0);
}

/** ms from a reload until the terminal shows the agent's last line again. */
async function reloadRestoreMs(page: Page): Promise<number> {
  const started = performance.now();
  await page.reload();
  await page.locator(AGENT_TABS).last().click();
  await whenInPage(page, SHOWS_MARK);
  return performance.now() - started;
}

/** Median ms from picking each other restored tab until it shows its command's last line. */
async function restoredTabSwitchMs(page: Page): Promise<number> {
  const tabs = page.locator(AGENT_TABS);
  const times: number[] = [];
  for (let i = 0; i < (await tabs.count()) - 1; i++) {
    const shownTab = JSON.stringify(`task:${(await tabs.nth(i).getAttribute('data-task')) ?? ''}`);
    const started = performance.now();
    await tabs.nth(i).click();
    await whenInPage(
      page,
      `document.querySelector('[data-testid="terminal-view"]')?.dataset.tab === ${shownTab} && ${SHOWS_MARK}`,
    );
    times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * Chromium's CPU, in % of one core, while the page shows an agent's command that prints nothing
 * for a while (a build, a test run): what such a command pays for the window. A page of its own,
 * settled; measured after its first two seconds with the command (the card and tab appearing),
 * over the next three.
 */
async function quietPageCpuPct(browser: Browser, model: ScriptedModel, dir: string): Promise<number> {
  await whenPageSettled(browser.page);
  const started = join(dir, 'quiet.started');
  script(model, 'call_quiet', `touch ${started}; sleep 7; touch ${started}.done`, dir);
  await browser.page.getByTestId('chat-input').fill('Run something quiet');
  await browser.page.getByTestId('chat-send').click();
  await showAgentTab(browser.page);
  await untilFile(started);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const before = await chromiumCpuSeconds(browser);
  const from = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const used = (await chromiumCpuSeconds(browser)) - before;
  const pct = (used / ((performance.now() - from) / 1_000)) * 100;
  await untilFile(`${started}.done`);
  return pct;
}

export interface AgentStreamOptions {
  /**
   * Slows the page's CPU this many times (`cpuThrottle`), to stand for a slower machine: the
   * page's share must adapt there too. The command and serve run at full speed.
   */
  cpuThrottle?: number;
}

async function throttled(browser: Browser, rate: number | undefined): Promise<Browser> {
  if (rate !== undefined && rate > 1) await cpuThrottle(browser.page, rate);
  return browser;
}

/** Each run with a page against the mean of the runs without one on either side of it, in %. */
function bracketedRatios(headless: number[], ui: number[]): number[] {
  return ui.map((u, i) => (((headless[i] ?? NaN) + (headless[i + 1] ?? NaN)) / 2 / u) * 100);
}

export async function benchAgentStream(options: AgentStreamOptions = {}): Promise<Record<string, number>> {
  return withServedApp('agent', async ({ model, served, dir, open }) => {
    const headless = [await headlessMs(served, model, dir, 'headless-0')];
    const ui: number[] = [];
    let pageChars = 0;
    let pace = 1;
    for (let r = 0; r < ROUNDS; r++) {
      // Each round's page is closed before the next headless run: no page is connected then.
      const browser = await throttled(await openApp(served.url, 'own'), options.cpuThrottle);
      try {
        ui.push(await withUiMs(browser.page, model, dir, `ui-${r}`));
        if (r === ROUNDS - 1) {
          pageChars = await pageParsedChars(browser.page);
          // How many times less output the page asked for by the end (1: its frames kept time).
          pace = Number(await browser.page.evaluate(`document.documentElement.dataset.terminalPace ?? '1'`));
        }
      } finally {
        await browser.close();
      }
      headless.push(await headlessMs(served, model, dir, `headless-${r + 1}`));
    }
    // A page of its own (each round's was closed), reloaded once it has settled.
    const browser = await throttled(await open(), options.cpuThrottle);
    await whenPageSettled(browser.page);
    const restore = await reloadRestoreMs(browser.page);
    const tabSwitch = await restoredTabSwitchMs(browser.page);
    const quiet = await quietPageCpuPct(await throttled(await open(), options.cpuThrottle), model, dir);
    return {
      agent_stream_headless_ms: median(headless),
      agent_stream_ui_ms: median(ui),
      agent_stream_ui_vs_headless_pct: round(median(bracketedRatios(headless, ui)), 1),
      agent_stream_page_parsed_chars: pageChars,
      agent_stream_page_pace: pace,
      reload_restore_ms: round(restore, 0),
      restored_tab_switch_ms: round(tabSwitch, 0),
      agent_quiet_page_cpu_pct: round(quiet, 1),
    };
  });
}
