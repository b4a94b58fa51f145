import { describe, expect, it } from 'vitest';
import { LazyMap, LazySet } from './lazyMap';

describe('LazyMap', () => {
  it('reads as empty until written, then behaves as a Map', () => {
    const m = new LazyMap<string, string>();
    expect(m.size).toBe(0);
    expect(m.get('a')).toBeUndefined();
    expect(m.has('a')).toBe(false);
    expect(m.delete('a')).toBe(false);
    m.set('a', '1').set('b', '2');
    expect([m.size, m.get('a'), m.has('b')]).toEqual([2, '1', true]);
    expect(m.delete('a')).toBe(true);
    expect([m.size, m.get('a')]).toEqual([1, undefined]);
  });
});

describe('LazySet', () => {
  it('reads as empty until written, then behaves as a Set', () => {
    const s = new LazySet<string>();
    expect([s.size, s.has('x')]).toEqual([0, false]);
    s.add('x').add('x');
    expect([s.size, s.has('x')]).toEqual([1, true]);
  });
});
