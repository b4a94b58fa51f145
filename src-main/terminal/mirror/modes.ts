import type { Terminal } from '@xterm/headless';

/** Escape sequences that set the terminal's modes as they are, as the serialize addon writes them. */
export function serializeModes(term: Terminal): string {
  const m = term.modes;
  let out = '';
  if (m.applicationCursorKeysMode) out += '\x1b[?1h';
  if (m.applicationKeypadMode) out += '\x1b[?66h';
  if (m.bracketedPasteMode) out += '\x1b[?2004h';
  if (m.insertMode) out += '\x1b[4h';
  if (m.originMode) out += '\x1b[?6h';
  if (m.reverseWraparoundMode) out += '\x1b[?45h';
  if (m.sendFocusMode) out += '\x1b[?1004h';
  if (!m.wraparoundMode) out += '\x1b[?7l';
  const mouse = { none: '', x10: '\x1b[?9h', vt200: '\x1b[?1000h', drag: '\x1b[?1002h', any: '\x1b[?1003h' };
  return out + mouse[m.mouseTrackingMode];
}
