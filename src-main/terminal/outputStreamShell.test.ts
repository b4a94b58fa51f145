import { describe, expect, it, vi } from 'vitest';
import { FlowControl } from '../../src-shared/constants';
import { HeadlessMirror } from './mirror/mirror';
import { OutputStream } from './outputStream';
import type { TerminalStreamEvent } from './streamEvents';

// A user shell keeps acknowledgement flow control; its mirror only gives a page that
// (re)connects the screen first.

const tags = { taskId: 't', toolCallId: 'user_shell', streamId: 's' };

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

function setup(mirror: HeadlessMirror | undefined = new HeadlessMirror({ cols: 40, rows: 10 })) {
  const events: TerminalStreamEvent[] = [];
  const source = { paused: false, pause: vi.fn(), resume: vi.fn() };
  source.pause.mockImplementation(() => (source.paused = true));
  source.resume.mockImplementation(() => (source.paused = false));
  const stream = new OutputStream(tags, (event) => events.push(event), source, {
    whenBehind: 'pause',
    consumers: ['a', 'b'],
    ...(mirror ? { mirror } : {}),
  });
  const sentTo = (id: string) =>
    events.flatMap((e) => (e.type === 'data' && (e.to === undefined || e.to.includes(id)) ? [e] : []));
  return { events, source, stream, sentTo, mirror };
}

describe('OutputStream of a user shell', () => {
  it('sends a reconnecting consumer the screen, then every line written meanwhile; others stay live', async () => {
    const { stream, sentTo, mirror } = setup();
    stream.write('\x1b[32mbefore\x1b[0m\r\n');
    stream.flush();
    stream.resync('a');
    // More than a live budget's worth while the snapshot is taken: a human's shell drops none of it.
    const flood = 'x'.repeat(39) + '\r\n';
    for (let i = 0; i < 10_000; i++) stream.write(flood);
    stream.flush();
    expect(
      sentTo('b')
        .map((e) => e.data)
        .join(''),
    ).toContain(flood.repeat(10_000));
    await until(() => stream.lagging.length === 0);
    const mine = sentTo('a');
    const at = mine.findIndex((e) => e.snapshot);
    expect(mine[at]?.data).toContain('\x1b[32mbefore');
    expect(mine[at]?.data).not.toContain('x');
    expect(
      mine
        .slice(at + 1)
        .map((e) => e.data)
        .join(''),
    ).toBe(flood.repeat(10_000));
    await stream.end(0);
    mirror?.dispose();
  });

  it('counts what a resynced consumer is sent, once, for flow control', async () => {
    const { stream, source, mirror } = setup();
    stream.resync('a');
    await until(() => stream.lagging.length === 0);
    // The snapshot is acknowledged.
    stream.ack(1_000_000, 'a');
    const high = FlowControl.highWatermarkChars;
    stream.write('y'.repeat(high + 1));
    stream.flush();
    expect(source.paused).toBe(true);
    // Counted once for 'a', as for 'b': it resumes once 'a' is below the low watermark.
    stream.ack(high + 1 - FlowControl.lowWatermarkChars, 'a');
    expect(source.paused).toBe(true);
    stream.ack(1, 'a');
    expect(source.paused).toBe(false);
    await stream.end(0);
    mirror?.dispose();
  });

  it('a consumer whose snapshot fails still gets every line written meanwhile', async () => {
    const mirror = new HeadlessMirror({ cols: 40, rows: 10 });
    const { stream, sentTo } = setup(mirror);
    mirror.dispose();
    stream.resync('a');
    stream.write('meanwhile\r\n');
    await until(() => stream.lagging.length === 0);
    stream.write('after\r\n');
    stream.flush();
    const mine = sentTo('a');
    expect(mine.some((e) => e.snapshot)).toBe(false);
    expect(mine.map((e) => e.data).join('')).toBe('meanwhile\r\nafter\r\n');
    await stream.end(0);
  });
});
