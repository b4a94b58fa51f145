import { describe, expect, it } from 'vitest';
import { OutputRing } from './ring';

describe('OutputRing', () => {
  it('keeps the most recent characters within capacity with stable offsets', () => {
    const ring = new OutputRing(10);
    ring.append('0123456789');
    ring.append('abcde');
    expect(ring.text()).toBe('56789abcde');
    expect(ring.startOffset).toBe(5);
    expect(ring.endOffset).toBe(15);
    expect(ring.read(0, 3)).toEqual({ text: '567', nextOffset: 8, missedChars: 5 });
    expect(ring.read(12, 100)).toEqual({ text: 'cde', nextOffset: 15, missedChars: 0 });
  });

  it('numbers lines absolutely after old ones are dropped', () => {
    const ring = new OutputRing(12);
    ring.append('l0\nl1\nl2\nl3\nl4\n');
    const tail = ring.lines(undefined, 2);
    expect(tail).toEqual({ text: 'l3\nl4', offset: 3, lineCount: 2, totalLines: 5 });
    expect(ring.lines(0, 10).offset).toBe(ring.lines(undefined, 10).offset);
    expect(ring.lines(4, 1).text).toBe('l4');
  });

  it('reports no lines for empty output', () => {
    expect(new OutputRing().lines(undefined, 5)).toEqual({
      text: '',
      offset: 0,
      lineCount: 0,
      totalLines: 0,
    });
  });
});
