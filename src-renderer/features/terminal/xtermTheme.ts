import type { ITheme } from '@xterm/xterm';
import { ANSI_COLOURS, cssName } from './ansiColours';

/** xterm's colours, read from the page's CSS variables so the terminal follows the OS theme. */
export function readTerminalTheme(): ITheme {
  const style = getComputedStyle(document.documentElement);
  const v = (name: string) => style.getPropertyValue(name).trim() || undefined;
  return {
    background: v('--term-bg'),
    foreground: v('--term-fg'),
    cursor: v('--term-cursor'),
    cursorAccent: v('--term-bg'),
    selectionBackground: v('--term-selection'),
    ...Object.fromEntries(ANSI_COLOURS.map((name) => [name, v(`--term-${cssName(name)}`)])),
  };
}

/** Calls back whenever the OS switches between light and dark. */
export function onColorSchemeChange(listener: () => void): () => void {
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
