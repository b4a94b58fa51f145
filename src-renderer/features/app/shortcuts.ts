/** App-wide keys: Ctrl/Cmd+, opens Settings, Ctrl/Cmd+K goes to the session search. */
export function installShortcuts(actions: { openSettings(): void }): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    // A key a focused terminal consumed (Ctrl+K kills a line in a shell) never reaches here.
    if (event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    if (event.key === ',') {
      event.preventDefault();
      actions.openSettings();
    } else if (event.key.toLowerCase() === 'k') {
      const search = document.querySelector<HTMLInputElement>('[data-testid="session-search"]');
      if (!search) return;
      event.preventDefault();
      search.focus();
      search.select();
    }
  };
  window.addEventListener('keydown', onKeyDown);
  return () => window.removeEventListener('keydown', onKeyDown);
}
