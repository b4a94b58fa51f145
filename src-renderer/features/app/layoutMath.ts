/** Pane sizes: the chat always keeps room to read, whatever the window and the saved widths. */
export const SIDEBAR = { min: 180, max: 420, initial: 250 };
export const TERMINAL = { min: 280, initial: 0.4 };
export const CHAT_MIN = 420;
export const SPLITTER = 5;
/** Below this window width the terminal starts closed: the chat needs the room more. */
export const WIDE_WINDOW = 1200;

export interface PaneWidths {
  sidebar: number;
  terminal: number;
}

/** Widths that fit a window: each pane within its bounds, the chat at least CHAT_MIN wide. */
export function fitWidths(
  wanted: PaneWidths,
  window: number,
  open: { sidebar: boolean; terminal: boolean },
): PaneWidths {
  const sidebar = clamp(wanted.sidebar, SIDEBAR.min, SIDEBAR.max);
  const usedBySidebar = open.sidebar ? sidebar + SPLITTER : 0;
  const room = window - usedBySidebar - CHAT_MIN - (open.terminal ? SPLITTER : 0);
  const terminal = Math.max(TERMINAL.min, Math.min(wanted.terminal, room));
  return { sidebar, terminal };
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
