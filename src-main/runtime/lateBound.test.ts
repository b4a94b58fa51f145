import { describe, expect, it } from 'vitest';
import { LateBound } from './lateBound';

describe('LateBound', () => {
  it('refuses a read before the value is bound, and a second binding', () => {
    const later = new LateBound<number>('the answer');
    expect(() => later.get()).toThrow('the answer is not built yet');
    later.set(42);
    expect(later.get()).toBe(42);
    expect(() => later.set(43)).toThrow('the answer is already bound');
    expect(later.get()).toBe(42);
  });
});
