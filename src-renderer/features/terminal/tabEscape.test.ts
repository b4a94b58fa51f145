import { describe, expect, it } from 'vitest';
import { tabEscapeHandler } from './tabEscape';

const key = (k: string, extra: Partial<KeyboardEvent> = {}) =>
  ({
    type: 'keydown',
    key: k,
    shiftKey: false,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    ...extra,
  }) as KeyboardEvent;

describe('leaving a terminal by keyboard', () => {
  it('keeps Tab for the shell, and lets Shift+Tab and Escape-then-Tab move focus on', () => {
    const handle = tabEscapeHandler();
    expect(handle(key('Tab'))).toBe(true);
    expect(handle(key('Tab', { shiftKey: true }))).toBe(false);
    expect(handle(key('Escape'))).toBe(true);
    expect(handle(key('Tab'))).toBe(false);
    // Only the Tab right after Escape leaves.
    expect(handle(key('Tab'))).toBe(true);
    handle(key('Escape'));
    handle(key('a'));
    expect(handle(key('Tab'))).toBe(true);
  });
});
