/**
 * When a terminal may take the keyboard by itself (a tab came to the front, a command asks a
 * question): not behind an open dialog, and not from someone typing in a field outside the
 * terminal pane, whose next keys would otherwise go to a running command.
 */
export function terminalMayTakeFocus(terminal: Element, why: 'front' | 'question' = 'front'): boolean {
  if (document.querySelector('[aria-modal="true"]')) return false;
  const pane = terminal.closest('[data-testid="terminal-pane"]');
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused === document.body) return true;
  if (pane?.contains(focused)) return true;
  const editable = focused.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(focused.tagName);
  if (!editable) return true;
  // A command's question may take it from a field left empty (the composer after sending);
  // a field holding text is someone typing.
  return why === 'question' && !focused.isContentEditable && fieldIsEmpty(focused);
}

function fieldIsEmpty(field: HTMLElement): boolean {
  return (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.value === '';
}
