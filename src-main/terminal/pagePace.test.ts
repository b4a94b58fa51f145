import { describe, expect, it } from 'vitest';
import { MAX_START_PACE, PagePaceMemory } from './pagePace';

describe('PagePaceMemory', () => {
  it('starts new pages at full pace until a page has asked for less', () => {
    expect(new PagePaceMemory().start).toBe(1);
  });

  it('starts new pages where pages last settled, at most MAX_START_PACE times slower', () => {
    const memory = new PagePaceMemory();
    memory.heard(2);
    expect(memory.start).toBe(2);
    memory.heard(32);
    expect(memory.start).toBe(MAX_START_PACE);
    // The page's frames kept time again: it said so, and the next page starts at full pace.
    memory.heard(1);
    expect(memory.start).toBe(1);
  });

  it('ignores a pace that is no number, and takes one below 1 as full pace', () => {
    const memory = new PagePaceMemory();
    memory.heard(2);
    memory.heard(Number.NaN);
    memory.heard(Number.POSITIVE_INFINITY);
    expect(memory.start).toBe(2);
    memory.heard(0.25);
    expect(memory.start).toBe(1);
  });
});
