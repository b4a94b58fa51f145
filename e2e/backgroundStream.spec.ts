import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CDPSession } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { median } from '../src-shared/stats';
import { POLL, useApp } from './support/fixture';
import { screenshotViews } from './support/views';

// A command of a session in the background, behind another terminal tab, reaches the page in a few
// large batches instead of a message per line; brought to the front, it streams line by line again,
// and nothing was lost on the way: real `caduceus serve`, a real shell, real Chromium.
const app = useApp('each');
const CALL = 'call_background';

/** Lines per terminal.data message of the call's stream, as the page received them. */
class LinesPerMessage {
  private counts: number[] = [];

  constructor(cdp: CDPSession) {
    cdp.on('Network.webSocketFrameReceived', ({ response }) => {
      const message = JSON.parse(response.payloadData) as {
        name?: string;
        payload?: { toolCallId?: string; data?: string; snapshot?: boolean };
      };
      const payload = message.payload;
      if (message.name !== 'terminal.data' || payload?.toolCallId !== CALL || payload.snapshot) return;
      const lines = payload.data?.match(/bg-line-/g)?.length ?? 0;
      if (lines > 0) this.counts.push(lines);
    });
  }

  /** Starts counting afresh; returns what was counted since the last call. */
  take(): number[] {
    const taken = this.counts;
    this.counts = [];
    return taken;
  }

  /** Waits for `count` more messages and returns their counts. */
  async gather(count: number): Promise<number[]> {
    let got: number[] = [];
    await expect
      .poll(() => {
        got = got.concat(this.take());
        return got.length;
      }, POLL)
      .toBeGreaterThanOrEqual(count);
    return got;
  }
}

/** Every line of the terminal in front, scrollback included. */
async function bufferLines(): Promise<string[]> {
  return (await app.page.evaluate(`(() => {
    const b = document.querySelector('[data-testid="terminal-pane"] .xterm-host').terminal.buffer.active;
    const lines = [];
    for (let i = 0; i < b.length; i++) lines.push(b.getLine(i).translateToString(true));
    return lines;
  })()`)) as string[];
}

describe('a command nobody looks at', () => {
  it('comes in large batches while hidden, line by line in front, and whole', async () => {
    const cdp = await app.page.context().newCDPSession(app.page);
    await cdp.send('Network.enable');
    const received = new LinesPerMessage(cdp);
    const command =
      'i=0; until [ -e release.flag ]; do i=$((i+1)); echo "bg-line-$i"; sleep 0.01; done; echo "bg-done-$((6*7))"';
    app.model.push({
      toolCalls: [{ id: CALL, name: 'terminal', arguments: { command, workdir: app.work } }],
    });
    app.model.push({ text: 'Done in the background.' });
    await app.send('Print lines until told to stop');
    await expect.poll(() => app.card(CALL).getAttribute('data-status'), POLL).toBe('running');
    const agentTab = app.page.locator('[data-testid="terminal-tab"][data-kind="agent"]');
    await agentTab.waitFor();

    // Another chat in view and a shell in front: nothing on the page shows the command now.
    await app.page.getByTestId('new-chat').click();
    await app.page.getByTestId('terminal-new-shell').click();
    const shellTab = app.page.locator('[data-testid="terminal-tab"][data-kind="shell"]');
    await expect.poll(() => shellTab.getAttribute('aria-selected'), POLL).toBe('true');
    received.take();
    const hidden = await received.gather(8);
    // A line every 10 ms, sent a quarter of a second apart: far more than one line a message.
    expect(median(hidden)).toBeGreaterThanOrEqual(5);
    await screenshotViews(app.page, 'background-stream-hidden');

    // In front again, it streams as before: most messages carry a line or two.
    await agentTab.click();
    received.take();
    const shown = await received.gather(20);
    expect(median(shown)).toBeLessThan(median(hidden) / 2);

    await writeFile(join(app.work, 'release.flag'), '');
    await expect.poll(() => app.terminalText(), POLL).toContain('bg-done-42');
    await screenshotViews(app.page, 'background-stream-done');
    const numbers = (await bufferLines()).flatMap((line) => {
      const n = /^bg-line-(\d+)$/.exec(line.trim())?.[1];
      return n ? [Number(n)] : [];
    });
    expect(numbers.length).toBeGreaterThan(50);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  }, 120_000);
});
