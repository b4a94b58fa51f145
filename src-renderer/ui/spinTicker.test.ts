// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SpinTicker } from './spinTicker';

const angle = (element: HTMLElement) => element.style.transform;
/** One step of the turn, in ms. */
const STEP = 150;

describe('SpinTicker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns every spinner together in eighth turns, a turn in 1.2 s', () => {
    const ticker = new SpinTicker(() => false);
    const a = document.createElement('span');
    const b = document.createElement('span');
    ticker.add(a);
    vi.advanceTimersByTime(2 * STEP + 50);
    ticker.add(b);
    expect(angle(a)).toBe('rotate(90deg)');
    expect(angle(b)).toBe('rotate(90deg)');
    vi.advanceTimersByTime(STEP);
    expect([angle(a), angle(b)]).toEqual(['rotate(135deg)', 'rotate(135deg)']);
    vi.advanceTimersByTime(5 * STEP);
    expect(angle(a)).toBe('rotate(0deg)');
  });

  it('stops its timer once the last spinner is gone, and starts it for the next', () => {
    const ticker = new SpinTicker(() => false);
    const remove = ticker.add(document.createElement('span'));
    expect(vi.getTimerCount()).toBe(1);
    remove();
    expect(ticker.count).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    const next = document.createElement('span');
    ticker.add(next);
    vi.advanceTimersByTime(STEP);
    expect(angle(next)).not.toBe('rotate(0deg)');
  });

  it('holds every spinner where it is while paused, with no timer, and a third as fast with reduced motion', () => {
    let reduced = false;
    const ticker = new SpinTicker(() => reduced);
    const spinner = document.createElement('span');
    ticker.add(spinner);
    vi.advanceTimersByTime(STEP);
    ticker.pause(true);
    expect(vi.getTimerCount()).toBe(0);
    // A spinner that comes while paused waits too.
    ticker.add(document.createElement('span'));
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10 * STEP);
    expect(angle(spinner)).toBe('rotate(45deg)');
    ticker.pause(false);
    expect(vi.getTimerCount()).toBe(1);
    reduced = true;
    vi.advanceTimersByTime(6 * STEP);
    expect(angle(spinner)).toBe('rotate(135deg)');
  });
});
