import { useState } from 'react';
import { terminals } from './terminalSync';
import { IconButton } from '../../ui/IconButton';

/** Find in the front tab's scrollback: Enter for next, Shift+Enter for previous. */
export function TerminalSearch({ tabKey, onClose }: { tabKey: string; onClose(): void }) {
  const [query, setQuery] = useState('');
  const [missing, setMissing] = useState(false);

  function find(backwards: boolean) {
    const search = terminals.get(tabKey)?.search;
    if (!search || !query) return;
    const found = backwards ? search.findPrevious(query) : search.findNext(query);
    setMissing(!found);
  }

  return (
    <div className="terminal-search" role="search">
      <input
        autoFocus
        value={query}
        placeholder="Find"
        aria-label="Find in terminal"
        aria-invalid={missing}
        data-testid="terminal-search-input"
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') find(e.shiftKey);
          if (e.key === 'Escape') {
            terminals.get(tabKey)?.search.clearDecorations();
            onClose();
          }
        }}
      />
      <IconButton icon="up" label="Previous match" onClick={() => find(true)} />
      <IconButton icon="down" label="Next match" onClick={() => find(false)} />
      <IconButton icon="close" label="Close search" onClick={onClose} />
    </div>
  );
}
