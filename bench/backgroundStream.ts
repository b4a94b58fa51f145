/**
 * What a command of a session in the background costs the page: it prints a line every 10 ms
 * while another chat is in view and a shell is in front of the terminal pane. Chromium's CPU,
 * in % of one core, and how many messages of the command's output the page received a second.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { round } from '../src-shared/stats';
import { chromiumCpuSeconds } from './chromiumCpu';
import { whenPageSettled } from './rendererProbe';
import { withServedApp } from './servedApp';

const CALL = 'call_background';
const MEASURE_MS = 4_000;

export async function benchBackgroundStream(): Promise<Record<string, number>> {
  return withServedApp('background', async ({ model, dir, open }) => {
    const browser = await open();
    const { page } = browser;
    await whenPageSettled(page);
    const command = 'until [ -e stop.flag ]; do echo "background line $RANDOM"; sleep 0.01; done';
    model.push({ toolCalls: [{ id: CALL, name: 'terminal', arguments: { command, workdir: dir } }] });
    model.push({ text: 'Stopped.' });
    await page.getByTestId('chat-input').fill('Print lines until stopped');
    await page.getByTestId('chat-send').click();
    await page.locator(`[data-testid="tool-call"][data-call-id="${CALL}"][data-status="running"]`).waitFor();
    try {
      await page.getByTestId('new-chat').click();
      await page.getByTestId('terminal-new-shell').click();
      await page.locator('[data-testid="terminal-tab"][data-kind="shell"][aria-selected="true"]').waitFor();
      // The shell's start-up and the new chat drawn: what is left is the command in the background.
      await whenPageSettled(page);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      let messages = 0;
      cdp.on('Network.webSocketFrameReceived', ({ response }) => {
        if (response.payloadData.includes('"terminal.data"') && response.payloadData.includes(CALL))
          messages++;
      });
      const before = await chromiumCpuSeconds(browser);
      const from = performance.now();
      await new Promise((resolve) => setTimeout(resolve, MEASURE_MS));
      const used = (await chromiumCpuSeconds(browser)) - before;
      const seconds = (performance.now() - from) / 1_000;
      await cdp.detach();
      return {
        background_stream_page_cpu_pct: round((used / seconds) * 100, 1),
        background_stream_messages_per_s: round(messages / seconds, 1),
      };
    } finally {
      await writeFile(join(dir, 'stop.flag'), '');
    }
  });
}
