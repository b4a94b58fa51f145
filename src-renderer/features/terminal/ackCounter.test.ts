import { describe, expect, it } from 'vitest';
import { FlowControl } from '../../../src-shared/constants';
import { AckCounter } from './ackCounter';

describe('AckCounter', () => {
  it('acknowledges each stream once it has parsed a batch, with the exact count', () => {
    const acks: [string, number][] = [];
    const counter = new AckCounter(FlowControl.charCountAckSize, (id, n) => acks.push([id, n]));
    counter.add('a', 3_000);
    counter.add('b', 4_999);
    expect(acks).toEqual([]);
    counter.add('a', 2_500);
    counter.add('b', 1);
    counter.add('a', 4_999);
    expect(acks).toEqual([
      ['a', 5_500],
      ['b', 5_000],
    ]);
    counter.add('a', 1);
    expect(acks.at(-1)).toEqual(['a', 5_000]);
  });

  it('ignores negative counts and forgets ended streams', () => {
    const acks: [string, number][] = [];
    const counter = new AckCounter(10, (id, n) => acks.push([id, n]));
    counter.add('a', -5);
    counter.add('a', 9);
    counter.forget('a');
    counter.add('a', 9);
    expect(acks).toEqual([]);
    counter.add('a', 1);
    expect(acks).toEqual([['a', 10]]);
  });
});
