import { afterEach, describe, expect, it, vi } from 'vitest';
import { FlowControl } from '../../src-shared/constants';
import { HeadlessMirror } from './mirror/mirror';
import { SOLE_CONSUMER } from './outputStream';
import { recordedStream, snapshotsIn, streamTags, until } from './testing/outputStreams';

const tags = streamTags;
const setup = recordedStream;

afterEach(() => vi.useRealTimers());

describe('OutputStream', () => {
  it('sends at once to an idle consumer, then batches while output is unacknowledged', () => {
    vi.useFakeTimers();
    const { events, stream } = setup();
    stream.write('a');
    expect(events).toEqual([{ ...tags, type: 'data', data: 'a' }]);
    stream.write('b');
    stream.write('c');
    expect(events).toHaveLength(1);
    vi.advanceTimersByTime(FlowControl.batchIntervalMs);
    expect(events).toEqual([
      { ...tags, type: 'data', data: 'a' },
      { ...tags, type: 'data', data: 'bc' },
    ]);
    // Once everything is acknowledged the consumer is idle again: the next write is not delayed.
    stream.ack(3);
    stream.write('d');
    expect(events.at(-1)).toEqual({ ...tags, type: 'data', data: 'd' });
  });

  it('pauses the source above the high watermark and resumes below the low one', () => {
    const { source, stream } = setup();
    stream.write('x'.repeat(FlowControl.highWatermarkChars));
    expect(source.pause).not.toHaveBeenCalled();
    stream.write('x');
    expect(source.paused).toBe(true);
    stream.ack(FlowControl.highWatermarkChars - FlowControl.lowWatermarkChars);
    expect(source.paused).toBe(true);
    stream.ack(FlowControl.charCountAckSize);
    expect(source.paused).toBe(false);
    stream.end(0);
  });

  it('sends a batch at once when the source pauses, and batches the flood that follows a resume', () => {
    vi.useFakeTimers();
    const { events, source, stream } = setup();
    stream.write('x');
    stream.write('x'.repeat(FlowControl.highWatermarkChars));
    expect(source.paused).toBe(true);
    expect(events).toHaveLength(2);
    stream.ack(FlowControl.highWatermarkChars + 1);
    expect(source.paused).toBe(false);
    stream.write('y');
    stream.write('z');
    expect(events).toHaveLength(2);
    vi.advanceTimersByTime(FlowControl.batchIntervalMs);
    expect(events.at(-1)).toEqual({ ...tags, type: 'data', data: 'yz' });
    // Long after the resume, an idle consumer gets output at once again.
    stream.ack(2);
    stream.write('!');
    expect(events.at(-1)).toEqual({ ...tags, type: 'data', data: '!' });
  });

  it('clamps acknowledgements at zero', () => {
    const { stream } = setup();
    stream.write('abc');
    stream.ack(1_000_000);
    expect(stream.unacknowledged).toBe(0);
    stream.ack(-5);
    expect(stream.unacknowledged).toBe(0);
    stream.end(0);
  });

  it('never pauses without flow control, and resumes when flow control is turned off', () => {
    const { source, stream } = setup({ flowControl: false });
    stream.write('x'.repeat(FlowControl.highWatermarkChars * 3));
    expect(source.pause).not.toHaveBeenCalled();
    const second = setup();
    second.stream.write('x'.repeat(FlowControl.highWatermarkChars + 1));
    second.stream.setFlowControl(false);
    expect(second.source.paused).toBe(false);
    stream.end(0);
    second.stream.end(0);
  });

  it('never holds the source back when no consumer is there', () => {
    const { source, stream } = setup({ consumers: [] });
    stream.write('x'.repeat(FlowControl.highWatermarkChars * 3));
    expect(source.pause).not.toHaveBeenCalled();
    stream.end(0);
  });

  it('counts each consumer apart: paused while all are behind, resumed when one catches up or leaves', () => {
    const high = FlowControl.highWatermarkChars;
    const { source, stream } = setup({ consumers: ['a', 'b'] });
    stream.write('x'.repeat(high + 1));
    expect(source.paused).toBe(true);
    // An ack from one consumer says nothing about the other; an unknown one is ignored.
    stream.ack(high + 1, 'a');
    stream.ack(high + 1, 'zz');
    expect(source.paused).toBe(false);
    stream.write('y'.repeat(high + 1));
    expect(source.paused).toBe(true);
    // The consumer that was keeping up drops: the one left is still far behind.
    stream.removeConsumer('a');
    expect(source.paused).toBe(true);
    stream.removeConsumer('b');
    expect(source.paused).toBe(false);
    stream.end(0);
  });

  it('follows a consumer that joins later from where it joined', () => {
    const high = FlowControl.highWatermarkChars;
    const { source, stream } = setup({ consumers: ['old'] });
    stream.write('x'.repeat(high + 1));
    expect(source.paused).toBe(true);
    stream.addConsumer('new');
    expect(source.paused).toBe(false);
    stream.write('y'.repeat(high + 1));
    expect(source.paused).toBe(true);
    stream.ack(high + 1, 'new');
    expect(source.paused).toBe(false);
    expect(stream.unacknowledged).toBe(0);
    stream.end(0);
  });

  it('in snapshot mode never pauses: a lagging consumer is dropped, then gets the mirror once caught up', async () => {
    const mirror = new HeadlessMirror({ cols: 40, rows: 5, scrollback: 100 });
    // A budget that never runs out: this is about the window.
    const options = { whenBehind: 'snapshot', mirror, consumers: ['a', 'b'], liveBudgetChars: 1e9 } as const;
    const { events, source, stream } = setup(options);
    const sentTo = (id: string) =>
      events.filter((e) => e.type === 'data' && (e.to === undefined || e.to.includes(id)));
    // Two halves of the window are sent; one character more would take both past it.
    for (const part of [2, 2, FlowControl.snapshotWindowChars]) {
      stream.write('x'.repeat(FlowControl.snapshotWindowChars / part));
      stream.flush();
    }
    expect(stream.lagging).toEqual(['a', 'b']);
    // 'b' catches up (and is resynced); 'a' does not.
    stream.ack(FlowControl.snapshotWindowChars, 'b');
    await until(() => !stream.lagging.includes('b'));
    expect(stream.lagging).toEqual(['a']);
    const before = sentTo('a').length;
    stream.write('\x1b[2J\x1b[Hlatest screen\r\n');
    stream.flush();
    expect(sentTo('a').length).toBe(before);
    expect(sentTo('b').at(-1)).toMatchObject({ data: '\x1b[2J\x1b[Hlatest screen\r\n', to: ['b'] });
    stream.ack(FlowControl.snapshotWindowChars, 'a');
    await until(() => stream.lagging.length === 0);
    const snapshot = sentTo('a').at(-1);
    expect(snapshot).toMatchObject({ type: 'data', snapshot: true, to: ['a'] });
    expect(snapshot?.type === 'data' && snapshot.data).toContain('latest screen');
    expect(source.pause).not.toHaveBeenCalled();
    await stream.end(0);
    mirror.dispose();
  });

  it('in snapshot mode brings a lagging consumer to the final screen before the exit', async () => {
    const mirror = new HeadlessMirror({ cols: 40, rows: 5 });
    const { events, stream } = setup({ whenBehind: 'snapshot', mirror });
    for (let i = 0; i < 3; i++) stream.write('y'.repeat(FlowControl.snapshotWindowChars / 2));
    stream.write('\r\nthe end\r\n');
    await stream.end(0);
    const last = events.at(-2);
    expect(last).toMatchObject({ type: 'data', snapshot: true });
    expect(last?.type === 'data' && last.data).toContain('the end');
    expect(events.at(-1)).toMatchObject({ type: 'exit', exitCode: 0 });
    mirror.dispose();
  });

  it('a resync drops nothing written while the snapshot is taken, and repeats nothing', async () => {
    const mirror = new HeadlessMirror({ cols: 20, rows: 10 });
    const { events, stream } = setup({ whenBehind: 'snapshot', mirror, consumers: ['a'] });
    stream.write('one\r\n');
    stream.resync('a');
    stream.write('two\r\n');
    await until(() => stream.lagging.length === 0);
    stream.flush();
    const mine = events.flatMap((e) => (e.type === 'data' ? [e] : []));
    const at = mine.findIndex((e) => e.snapshot);
    expect(mine[at]?.data).toContain('one');
    expect(mine[at]?.data).not.toContain('two');
    expect(mine.slice(at + 1).map((e) => e.data)).toEqual(['two\r\n']);
    await stream.end(0);
    mirror.dispose();
  });

  it('in snapshot mode a consumer that acknowledges all it was sent is resynced, whatever was still batched', async () => {
    const mirror = new HeadlessMirror({ cols: 20, rows: 5 });
    const { events, stream } = setup({ whenBehind: 'snapshot', mirror });
    const sent = () => events.reduce((n, e) => n + (e.type === 'data' ? e.data.length : 0), 0);
    // Small chunks stay batched: the one that crosses the watermark finds the rest unsent.
    for (let i = 0; i < 100; i++) stream.write('z'.repeat(FlowControl.highWatermarkChars / 20));
    expect(stream.lagging).toEqual([SOLE_CONSUMER]);
    stream.ack(sent());
    await until(() => events.some((e) => e.type === 'data' && e.snapshot === true));
    expect(stream.lagging).toEqual([]);
    await stream.end(0);
    mirror.dispose();
  });

  it('in snapshot mode holds the source only while the mirror has a large backlog to parse', async () => {
    const mirror = new HeadlessMirror({ cols: 80, rows: 24, scrollback: 100 });
    const { source, stream } = setup({ whenBehind: 'snapshot', mirror, flowControl: false });
    for (let i = 0; i < 30; i++) stream.write(`${'w'.repeat(79)}\r\n`.repeat(1_000));
    expect(mirror.backlog).toBeGreaterThan(2_000_000);
    expect(source.pause).toHaveBeenCalledTimes(1);
    await until(() => source.resume.mock.calls.length === 1);
    expect(mirror.backlog).toBeLessThan(500_000);
    await stream.end(0);
    mirror.dispose();
  });

  it('in snapshot mode a consumer that keeps up but is fed past its budget is dropped for a snapshot', async () => {
    const mirror = new HeadlessMirror({ cols: 20, rows: 5 });
    const budget = { liveBudgetChars: 1_000, liveBudgetMs: 600_000, resyncMinMs: 600_000 };
    const { events, stream } = setup({ whenBehind: 'snapshot', mirror, consumers: ['a'], ...budget });
    const live = () => events.filter((e) => e.type === 'data' && !e.snapshot);
    const snapshots = () => events.filter((e) => e.type === 'data' && e.snapshot === true);
    const sentChars = () => live().reduce((n, e) => n + (e.type === 'data' ? e.data.length : 0), 0);
    // A page that renders everything at once: it acknowledges each batch as it arrives.
    for (let i = 0; i < 40; i++) {
      stream.write('x'.repeat(499) + '\n');
      stream.flush();
      stream.ack(sentChars(), 'a');
    }
    await until(() => snapshots().length === 1);
    for (let i = 0; i < 40; i++) {
      stream.write(`line ${i}\r\n`.padStart(500, 'y'));
      stream.flush();
      stream.ack(1_000_000, 'a');
    }
    // Live output stops at the budget; one snapshot stands for the rest until the spacing is over.
    expect(sentChars()).toBeLessThan(4_000);
    expect(snapshots()).toHaveLength(1);
    stream.write('\r\nthe end\r\n');
    await stream.end(0);
    expect(snapshots()).toHaveLength(2);
    const last = events.at(-2);
    expect(last?.type === 'data' && last.snapshot && last.data).toContain('the end');
    mirror.dispose();
  });

  it('in snapshot mode a consumer that lagged mid-run gets a short scrollback, and the whole one at the end', async () => {
    const mirror = new HeadlessMirror({ cols: 20, rows: 5, scrollback: 5_000 });
    const window = { snapshotWindowChars: 1_000 };
    const { events, stream } = setup({ whenBehind: 'snapshot', mirror, consumers: ['a'], ...window });
    const snapshots = () => snapshotsIn(events);
    stream.write(Array.from({ length: 3_000 }, (_, i) => `row-${i}`).join('\r\n'));
    stream.flush();
    expect(stream.lagging).toEqual(['a']);
    stream.ack(10_000_000, 'a');
    await until(() => snapshots().length === 1);
    // Mid-run: the screen and the last few hundred lines, not the first rows.
    expect(snapshots()[0]).not.toContain('row-10\r');
    expect(stream.lagging).toEqual([]);
    await stream.end(0);
    // The end brings the consumer the whole scrollback, though it was following live.
    expect(snapshots()).toHaveLength(2);
    expect(snapshots()[1]).toContain('row-10\r');
    expect(events.at(-1)).toMatchObject({ type: 'exit' });
    mirror.dispose();
  });

  it('in snapshot mode tells a consumer once that its live output is held back, after what it was sent', async () => {
    const mirror = new HeadlessMirror({ cols: 20, rows: 5 });
    const budget = { liveBudgetChars: 1_000, liveBudgetMs: 600_000, resyncMinMs: 600_000 };
    const { events, stream } = setup({ whenBehind: 'snapshot', mirror, consumers: ['a', 'b'], ...budget });
    const held = () => events.filter((e) => e.type === 'data' && e.held);
    stream.ack(1, 'a', 4);
    for (let i = 0; i < 3; i++) {
      stream.write('x'.repeat(199) + '\n');
      stream.flush();
    }
    // 'a' (at pace 4) is past its budget, 'b' is not.
    expect(held()).toEqual([{ ...tags, to: ['a'], type: 'data', data: '', held: true }]);
    const toA = events.filter((e) => e.type === 'data' && (e.to === undefined || e.to.includes('a')));
    expect(toA.at(-1)).toMatchObject({ held: true });
    expect(toA.at(-2)).toMatchObject({ data: 'x'.repeat(199) + '\n' });
    for (let i = 0; i < 10; i++) {
      stream.write('x'.repeat(199) + '\n');
      stream.flush();
    }
    expect(held().map((e) => e.to)).toEqual([['a'], ['b']]);
    await stream.end(0);
    // The end brings both to the final screen; nothing is held any more.
    expect(held()).toHaveLength(2);
    mirror.dispose();
  });

  it('in snapshot mode sends no batch past the budget, and resyncs a consumer that has nothing to acknowledge', async () => {
    const mirror = new HeadlessMirror({ cols: 20, rows: 5, scrollback: 5_000 });
    const budget = { liveBudgetChars: 1_000, liveBudgetMs: 600_000 };
    const { events, stream } = setup({ whenBehind: 'snapshot', mirror, consumers: ['a'], ...budget });
    stream.write('first\r\n');
    stream.flush();
    stream.ack(7, 'a');
    stream.write(Array.from({ length: 300 }, (_, i) => `row-${i}`).join('\r\n'));
    stream.flush();
    // The batch is not sent; the screen it leaves comes as a snapshot, with no acknowledgement.
    await until(() => events.some((e) => e.type === 'data' && e.snapshot));
    const data = events.flatMap((e) => (e.type === 'data' ? [e] : []));
    expect(data.map((e) => (e.snapshot ? 'snapshot' : e.held ? 'held' : e.data))).toEqual([
      'first\r\n',
      'held',
      'snapshot',
    ]);
    expect(data.at(-1)?.data).toContain('row-299');
    await stream.end(0);
    mirror.dispose();
  });

  it('sends nothing more to a consumer that closed the tab, while the others follow', () => {
    const mirror = new HeadlessMirror({ cols: 20, rows: 5 });
    const { events, stream } = setup({ whenBehind: 'snapshot', mirror, consumers: ['a', 'b'] });
    stream.detach('a');
    stream.write('after the close\r\n');
    stream.flush();
    const data = events.filter((e) => e.type === 'data');
    expect(data).toHaveLength(1);
    expect(data[0]?.to).toEqual(['b']);
    void stream.end(0);
    mirror.dispose();
  });

  it('keeps UTF-8 sequences whole across byte chunks', () => {
    const { events, stream } = setup();
    const bytes = Buffer.from('é€😀', 'utf8');
    for (const byte of bytes) stream.writeBytes(Uint8Array.of(byte));
    stream.end(0);
    const text = events.flatMap((e) => (e.type === 'data' ? [e.data] : [])).join('');
    expect(text).toBe('é€😀');
    expect(text).not.toContain('\ufffd');
  });

  it('flushes pending data before the exit event', () => {
    const { events, stream } = setup();
    stream.write('tail');
    stream.end(3);
    expect(events).toEqual([
      { ...tags, type: 'data', data: 'tail' },
      { ...tags, type: 'exit', exitCode: 3 },
    ]);
  });
});
