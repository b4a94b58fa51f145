import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/fixture';
import { ServeSocket } from './support/serveSocket';
import { screenshotViews } from './support/views';

// A running command's output reaches the page once, as its terminal stream, and the card reads
// that stream by tool call id: real `caduceus serve`, a real shell, real Chromium.
const POLL = { timeout: 20_000, interval: 100 };
const app = useApp('file');

describe('live output of a tool call', () => {
  it('travels only as terminal.data, and the open card shows it as plain text while it runs', async () => {
    const socket = await ServeSocket.open(app.page.url());
    try {
      socket.ackEverything();
      // Waits for a file the test writes, so "still running" is a fact, not a race.
      const command = 'for i in 1 2 3; do echo tick-$i; done; until [ -e release.flag ]; do sleep 0.1; done';
      app.model.push({
        toolCalls: [{ id: 'call_ticks', name: 'terminal', arguments: { command, workdir: app.work } }],
      });
      app.model.push({ text: 'Ticked.' });
      await app.send('Print three ticks');
      const card = app.card('call_ticks');
      await expect.poll(() => card.getAttribute('data-status'), POLL).toBe('running');
      await card.locator('.tool-call-header').click();
      await expect
        .poll(
          () =>
            card
              .getByTestId('tool-output')
              .innerText()
              .catch(() => ''),
          POLL,
        )
        .toContain('tick-3');
      const shown = await card.getByTestId('tool-output').innerText();
      expect(shown).toContain('tick-1\ntick-2\ntick-3');
      // Plain text: no escape codes of the terminal's framing or colours.
      expect(shown).not.toMatch(/\[\d*m/);
      expect(shown).not.toContain(String.fromCharCode(27));
      await screenshotViews(app.page, 'live-output-card');

      expect(socket.output(socket.streamOf('call_ticks') ?? '')).toContain('tick-3');
      const copies = socket.events.filter((e) => {
        const event = e.payload as { type?: string; toolCallId?: string };
        return e.name === 'chat.event' && event.type === 'tool.output' && event.toolCallId === 'call_ticks';
      });
      expect(copies).toEqual([]);

      await writeFile(join(app.work, 'release.flag'), '');
      await expect.poll(() => card.getAttribute('data-status'), POLL).toBe('ok');
    } finally {
      await socket.close();
    }
  }, 90_000);
});
