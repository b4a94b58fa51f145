import { describe, expect, it } from 'vitest';
import { CHAT_MIN, fitWidths, SIDEBAR, SPLITTER, TERMINAL } from './layoutMath';

const both = { sidebar: true, terminal: true };

describe('fitWidths', () => {
  it('keeps the chat readable at 1024 px by narrowing a wide terminal', () => {
    const fitted = fitWidths({ sidebar: 250, terminal: 600 }, 1024, both);
    expect(1024 - fitted.sidebar - fitted.terminal - 2 * SPLITTER).toBe(CHAT_MIN);
  });

  it('gives the terminal the chat’s room back when the sidebar is collapsed', () => {
    const open = fitWidths({ sidebar: 250, terminal: 600 }, 1024, { sidebar: false, terminal: true });
    expect(open.terminal).toBe(1024 - CHAT_MIN - SPLITTER);
  });

  it('holds each pane within its bounds', () => {
    expect(fitWidths({ sidebar: 20, terminal: 10 }, 1400, both)).toEqual({
      sidebar: SIDEBAR.min,
      terminal: TERMINAL.min,
    });
    expect(fitWidths({ sidebar: 900, terminal: 500 }, 1400, both).sidebar).toBe(SIDEBAR.max);
  });
});
