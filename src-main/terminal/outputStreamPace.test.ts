import { afterEach, describe, expect, it, vi } from 'vitest';
import { FlowControl } from '../../src-shared/constants';
import { HeadlessMirror } from './mirror/mirror';
import { recordedStream, snapshotsIn, until } from './testing/outputStreams';

// A page whose frames run long asks for a slower pace with its acknowledgements (FramePace):
// everything main sends it while a command floods shrinks by as much.

/**
 * Live characters two consumers get of a flood of 8,000 characters' budget: 'a' asks for pace 4,
 * 'b' for nothing, and the machine allows `machinePace`.
 */
async function liveToTwo(machinePace = 1): Promise<{ a: number; b: number }> {
  const mirror = new HeadlessMirror({ cols: 20, rows: 5 });
  const { events, stream } = recordedStream({
    whenBehind: 'snapshot',
    mirror,
    consumers: ['a', 'b'],
    liveBudgetChars: 8_000,
    liveBudgetMs: 600_000,
    resyncMinMs: 600_000,
    machinePace: () => machinePace,
  });
  const liveTo = (id: string) =>
    events
      .filter((e) => e.type === 'data' && !e.snapshot && (e.to === undefined || e.to.includes(id)))
      .reduce((n, e) => n + (e.type === 'data' ? e.data.length : 0), 0);
  stream.ack(1, 'a', 4);
  for (let i = 0; i < 40; i++) {
    stream.write('x'.repeat(199) + '\n');
    stream.flush();
    stream.ack(200, 'a', 4);
    stream.ack(200, 'b');
  }
  // Counted before the end, which brings every consumer the rest.
  const live = { a: liveTo('a'), b: liveTo('b') };
  await stream.end(0);
  mirror.dispose();
  return live;
}

describe('OutputStream pace', () => {
  it('in snapshot mode feeds a consumer that asks for a slower pace that many times less', async () => {
    // 'b' gets its whole budget, 'a' a quarter of it, and neither a batch past it.
    expect(await liveToTwo()).toEqual({ a: 2_000, b: 8_000 });
  });

  it('feeds every consumer less while the machine has no cores to spare, and one that asks for less still less', async () => {
    // The machine halves 'b''s budget; 'a' asked for a quarter, which is less again.
    expect(await liveToTwo(2)).toEqual({ a: 2_000, b: 4_000 });
  });

  it('gives a consumer at a slower pace a mid-run snapshot with that many times fewer lines above the screen', async () => {
    const rows = Array.from({ length: 3_000 }, (_, i) => `row-${i}`).join('\r\n');
    const lastLines = async (pace: number) => {
      const mirror = new HeadlessMirror({ cols: 20, rows: 5, scrollback: 5_000 });
      const { events, stream } = recordedStream({
        whenBehind: 'snapshot',
        mirror,
        consumers: ['a'],
        snapshotWindowChars: 1_000,
      });
      stream.ack(1, 'a', pace);
      stream.write(rows);
      stream.flush();
      expect(stream.lagging).toEqual(['a']);
      stream.ack(10_000_000, 'a', pace);
      await until(() => snapshotsIn(events).length === 1);
      const [snapshot = ''] = snapshotsIn(events);
      await stream.end(0);
      mirror.dispose();
      return snapshot.split('\r\n').filter((line) => line.startsWith('row-')).length;
    };
    // The screen's 5 rows and the lines above it: 500 at full pace, a quarter of them at pace 4.
    expect(await lastLines(1)).toBe(505);
    expect(await lastLines(4)).toBe(130);
  });

  it('batches a flood that has dropped every consumer instead of sending each chunk on its own', () => {
    vi.useFakeTimers();
    const mirror = new HeadlessMirror({ cols: 20, rows: 5 });
    const { events, stream } = recordedStream({
      whenBehind: 'snapshot',
      mirror,
      consumers: ['a'],
      liveBudgetChars: 1_000,
    });
    stream.write('x'.repeat(2_000));
    stream.flush();
    // Dropped for its budget, it has acknowledged all it was sent: it waits for a snapshot.
    expect(stream.lagging).toEqual(['a']);
    stream.ack(10_000, 'a');
    const flush = vi.spyOn(stream, 'flush');
    for (let i = 0; i < 100; i++) stream.write(`line ${i}\r\n`);
    expect(flush).not.toHaveBeenCalled();
    vi.advanceTimersByTime(FlowControl.batchIntervalMs);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(events.filter((e) => e.type === 'data' && e.data.includes('line 1\r\n'))).toEqual([]);
    mirror.dispose();
  });
});

afterEach(() => {
  vi.useRealTimers();
});
