/**
 * xterm takes Tab for the shell's completion, so Tab alone never leaves a terminal. Two ways out,
 * both left to the browser's own focus order: Shift+Tab (back), and Escape then Tab (forward).
 * Returns xterm's custom key handler: false means "not for the terminal".
 */
export function tabEscapeHandler(): (event: KeyboardEvent) => boolean {
  let escaped = false;
  return (event) => {
    if (event.type !== 'keydown') return true;
    if (event.key === 'Tab' && !event.ctrlKey && !event.altKey && !event.metaKey) {
      const leave = event.shiftKey || escaped;
      escaped = false;
      return !leave;
    }
    if (event.key === 'Shift') return true;
    escaped = event.key === 'Escape';
    return true;
  };
}

/** Said where the terminal is explained (its tooltip, the README). */
export const TAB_ESCAPE_HINT =
  'Tab completes in the shell; Shift+Tab, or Escape then Tab, leaves the terminal.';
