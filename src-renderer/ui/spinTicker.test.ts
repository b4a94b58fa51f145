// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SpinTicker } from './spinTicker';

const angle = (element: HTMLElement) => element.style.transform;

describe('SpinTicker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns every spinner together in eighth turns, ten steps a second', () => {
    const ticker = new SpinTicker(() => false);
    const a = document.createElement('span');
    const b = document.createElement('span');
    ticker.add(a);
    vi.advanceTimersByTime(250);
    ticker.add(b);
    expect(angle(a)).toBe('rotate(90deg)');
    expect(angle(b)).toBe('rotate(90deg)');
    vi.advanceTimersByTime(100);
    expect([angle(a), angle(b)]).toEqual(['rotate(135deg)', 'rotate(135deg)']);
    vi.advanceTimersByTime(500);
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
    vi.advanceTimersByTime(100);
    expect(angle(next)).not.toBe('rotate(0deg)');
  });

  it('holds every spinner where it is while paused, and a third as fast with reduced motion', () => {
    let reduced = false;
    const ticker = new SpinTicker(() => reduced);
    const spinner = document.createElement('span');
    ticker.add(spinner);
    vi.advanceTimersByTime(100);
    ticker.pause(true);
    vi.advanceTimersByTime(1_000);
    expect(angle(spinner)).toBe('rotate(45deg)');
    ticker.pause(false);
    reduced = true;
    vi.advanceTimersByTime(600);
    expect(angle(spinner)).toBe('rotate(135deg)');
  });
});
