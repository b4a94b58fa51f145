// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

const KEY = 'caduceus.sessionRowHeights';

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
});

describe('session row heights', () => {
  it("start at the default font's, and keep what was measured for the next page load", async () => {
    const first = await import('./rowHeights');
    expect(first.rowHeights).toEqual({ plain: 49, snippet: 66 });
    first.rowMeasured('plain', 53);
    first.rowMeasured('snippet', 71);
    expect(first.rowHeights).toEqual({ plain: 53, snippet: 71 });
    vi.resetModules();
    const next = await import('./rowHeights');
    expect(next.rowHeights).toEqual({ plain: 53, snippet: 71 });
  });

  it('ignore a stored value that is not a height', async () => {
    localStorage.setItem(KEY, JSON.stringify({ plain: 'tall', snippet: -4 }));
    expect((await import('./rowHeights')).rowHeights).toEqual({ plain: 49, snippet: 66 });
    localStorage.setItem(KEY, '{not json');
    vi.resetModules();
    expect((await import('./rowHeights')).rowHeights).toEqual({ plain: 49, snippet: 66 });
  });
});
