import { describe, expect, it } from 'vitest';
import { batchRuns } from './batchRuns';

describe('batchRuns', () => {
  const batches: Record<string, string | undefined> = {
    a: 'b1',
    b: 'b1',
    c: 'b1',
    d: undefined,
    e: undefined,
  };
  const of = (id: string) => batches[id];

  it('groups the calls of one parallel batch and leaves sequential calls alone', () => {
    expect(batchRuns(['a', 'b', 'c', 'd', 'e'], of)).toEqual([
      { ids: ['a', 'b', 'c'], parallel: true },
      { ids: ['d'], parallel: false },
      { ids: ['e'], parallel: false },
    ]);
  });

  it('keeps two batches apart and a batch of one is not parallel', () => {
    const two: Record<string, string> = { a: 'x', b: 'x', c: 'y', d: 'y', e: 'z' };
    expect(batchRuns(['a', 'b', 'c', 'd', 'e'], (id) => two[id])).toEqual([
      { ids: ['a', 'b'], parallel: true },
      { ids: ['c', 'd'], parallel: true },
      { ids: ['e'], parallel: false },
    ]);
  });
});
