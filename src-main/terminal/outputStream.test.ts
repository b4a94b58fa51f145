import { afterEach, describe, expect, it, vi } from 'vitest';
import { FlowControl } from '../../src-shared/constants';
import { OutputStream, type TerminalStreamEvent } from './outputStream';

const tags = { taskId: 't', toolCallId: 'c', streamId: 's' };

function setup(options = {}) {
  const events: TerminalStreamEvent[] = [];
  const source = {
    paused: false,
    pause: vi.fn(() => (source.paused = true)),
    resume: vi.fn(() => (source.paused = false)),
  };
  const stream = new OutputStream(tags, (event) => events.push(event), source, options);
  return { events, source, stream };
}

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

  it('in skip mode never pauses: what a lagging consumer missed becomes a marker and the latest lines', () => {
    const { events, source, stream } = setup({ whenBehind: 'skip' });
    const text = () => events.flatMap((e) => (e.type === 'data' ? [e.data] : [])).join('');
    stream.write('x'.repeat(FlowControl.highWatermarkChars + 1));
    expect(stream.isSkipping).toBe(true);
    const sent = text().length;
    const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i}\n`).join('');
    stream.write(lines);
    expect(text().length).toBe(sent);
    stream.ack(stream.unacknowledged);
    expect(stream.isSkipping).toBe(false);
    expect(source.pause).not.toHaveBeenCalled();
    const after = text().slice(sent);
    expect(after.startsWith('\r\n\x1b[2m[… ')).toBe(true);
    expect(after).toMatch(/\[… [\d,]+ characters not shown …\]/);
    expect(after.endsWith('line 19999\n')).toBe(true);
    // The latest lines start at a line boundary, and what is left out plus what is sent adds up.
    const tail = after.slice(after.indexOf('\n', 2) + 1);
    expect(tail.startsWith('line ')).toBe(true);
    const left = Number(/([\d,]+) characters/.exec(after)?.[1]?.replace(/,/g, ''));
    expect(left + tail.length).toBe(lines.length);
    stream.end(0);
  });

  it('in skip mode sends the latest lines before the exit', () => {
    const { events, stream } = setup({ whenBehind: 'skip' });
    stream.write('x'.repeat(FlowControl.highWatermarkChars + 1));
    stream.write('the end\n');
    stream.end(0);
    const data = events.flatMap((e) => (e.type === 'data' ? [e.data] : [])).join('');
    expect(data.endsWith('the end\n')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'exit', exitCode: 0 });
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
