import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeadlessMirror } from './mirror/mirror';
import { MAX_BATCH_CHARS, UNSEEN_BATCH_MS } from './streamTuning';
import { recordedStream, streamTags as tags } from './testing/outputStreams';

afterEach(() => vi.useRealTimers());

const sent = (events: ReturnType<typeof recordedStream>['events']) =>
  events.flatMap((e) => (e.type === 'data' ? [e.data] : []));

describe('OutputStream for consumers that do not show it', () => {
  it('batches output no consumer shows, however idle the consumer', () => {
    vi.useFakeTimers();
    const { events, stream } = recordedStream({ consumers: ['page'] });
    stream.view(false, 'page');
    stream.write('line 1\n');
    stream.write('line 2\n');
    vi.advanceTimersByTime(UNSEEN_BATCH_MS - 1);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent(events)).toEqual(['line 1\nline 2\n']);
    // Acknowledged, the consumer is idle, yet the next line still waits for the next batch.
    stream.ack(14, 'page');
    stream.write('line 3\n');
    expect(sent(events)).toHaveLength(1);
    vi.advanceTimersByTime(UNSEEN_BATCH_MS);
    expect(sent(events)).toEqual(['line 1\nline 2\n', 'line 3\n']);
  });

  it('sends what is pending at once when the stream is shown again, then each line as before', () => {
    vi.useFakeTimers();
    const { events, stream } = recordedStream({ consumers: ['page'] });
    stream.view(false, 'page');
    stream.write('behind the tab');
    expect(events).toEqual([]);
    stream.view(true, 'page');
    expect(events).toEqual([{ ...tags, type: 'data', data: 'behind the tab' }]);
    stream.ack(14, 'page');
    stream.write('echo');
    expect(sent(events).at(-1)).toBe('echo');
  });

  it('keeps sending at once while any consumer shows the stream', () => {
    vi.useFakeTimers();
    const { events, stream } = recordedStream({ consumers: ['hidden window', 'window in front'] });
    stream.view(false, 'hidden window');
    stream.write('typed');
    expect(sent(events)).toEqual(['typed']);
    // Only the consumer that shows it has caught up: the next chunk goes at once, for both.
    stream.ack(5, 'window in front');
    stream.write('more');
    expect(sent(events)).toEqual(['typed', 'more']);
  });

  it('takes a consumer that left, or every consumer told at once, into account', () => {
    vi.useFakeTimers();
    const { events, stream } = recordedStream({ consumers: ['a', 'b'] });
    stream.view(false);
    stream.write('x');
    expect(events).toEqual([]);
    vi.advanceTimersByTime(UNSEEN_BATCH_MS);
    expect(sent(events)).toEqual(['x']);
    stream.ack(1);
    // A consumer that comes back (a reconnect) shows the stream until it says otherwise.
    stream.removeConsumer('b');
    stream.addConsumer('b');
    stream.write('y');
    expect(sent(events)).toEqual(['x', 'y']);
    // An unknown consumer's view changes nothing.
    stream.ack(1);
    stream.view(false, 'somebody else');
    stream.write('z');
    expect(sent(events)).toEqual(['x', 'y', 'z']);
  });

  it('still sends a full batch at once, and everything pending at the end', async () => {
    vi.useFakeTimers();
    const { events, stream } = recordedStream({ consumers: ['page'], highWatermarkChars: Infinity });
    stream.view(false, 'page');
    stream.write('x'.repeat(MAX_BATCH_CHARS));
    expect(sent(events)).toEqual(['x'.repeat(MAX_BATCH_CHARS)]);
    stream.write('the last line');
    await stream.end(0);
    expect(sent(events).at(-1)).toBe('the last line');
    expect(events.at(-1)).toMatchObject({ type: 'exit', exitCode: 0 });
  });

  it("drops a hidden consumer of an agent's flood for a snapshot, as one in view", async () => {
    const mirror = new HeadlessMirror({ cols: 80, rows: 24 });
    const { events, stream } = recordedStream({ whenBehind: 'snapshot', mirror, consumers: ['page'] });
    stream.view(false, 'page');
    stream.write('y'.repeat(MAX_BATCH_CHARS));
    expect(events.some((e) => e.type === 'data' && e.held === true)).toBe(true);
    expect(sent(events).join('')).not.toContain('y');
    await stream.end(0);
    mirror.dispose();
  });
});
