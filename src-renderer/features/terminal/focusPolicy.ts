/**
 * When a terminal may take the keyboard by itself (a tab came to the front, a command asks a
 * question): not behind an open dialog, and not from someone typing in a field outside the
 * terminal pane, whose next keys would otherwise go to a running command.
 */
export function terminalMayTakeFocus(terminal: Element): boolean {
  if (document.querySelector('[aria-modal="true"]')) return false;
  const pane = terminal.closest('[data-testid="terminal-pane"]');
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused === document.body) return true;
  if (pane?.contains(focused)) return true;
  const editable = focused.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(focused.tagName);
  return !editable;
}
