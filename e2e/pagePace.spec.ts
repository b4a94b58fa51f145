import { describe, expect } from 'vitest';
import { POLL, test } from './support/fixture';
import { ServeSocket } from './support/serveSocket';
import { screenshotViews } from './support/views';

// A page whose frames ran long during a flood asked main to feed it less. A page opened later on
// the same machine (a reload, a second window) starts there instead of learning it again from
// the command's CPU: real `caduceus serve`, a real PTY, real Chromium.
describe('the pace a new page starts at', () => {
  test('is where pages last settled, bounded, and a flood is still shown to its end', async ({ app }) => {
    const { page } = app;
    const socket = await ServeSocket.open(page.url());
    try {
      expect(await socket.request('terminal.pace')).toEqual({ ok: true, value: { pace: 1 } });
      // A page reports, with an acknowledgement, that it settled sixteen times slower.
      socket.notify('terminal.ack', { streamId: 'stream_gone', chars: 0, pace: 16 });
      await expect
        .poll(() => socket.request('terminal.pace'), POLL)
        .toEqual({ ok: true, value: { pace: 4 } });
    } finally {
      await socket.close();
    }

    await page.reload();
    const pace = () => page.evaluate(`document.documentElement.dataset.terminalPace ?? '1'`);
    await expect.poll(pace, POLL).toBe('4');

    const command = 'seq 1 200000; echo flood-$((6*7))-done';
    app.model.push(
      {
        toolCalls: [
          { id: 'call_flood', name: 'terminal', arguments: { command, workdir: app.work, pty: true } },
        ],
      },
      { text: 'Flooded.' },
    );
    await app.send('Flood the screen');
    await app.showAgentTerminal();
    await expect.poll(() => app.terminalText(), { ...POLL, timeout: 60_000 }).toContain('flood-42-done');
    await expect.poll(() => app.card('call_flood').getAttribute('data-status'), POLL).toBe('ok');
    await screenshotViews(page, 'page-pace-flood');
  }, 120_000);
});
