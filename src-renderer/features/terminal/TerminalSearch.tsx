import { useState } from 'react';
import { terminals } from './terminalSync';
import { Icon } from '../../ui/Icon';

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
      <button type="button" className="icon" aria-label="Previous match" onClick={() => find(true)}>
        <Icon name="up" />
      </button>
      <button type="button" className="icon" aria-label="Next match" onClick={() => find(false)}>
        <Icon name="down" />
      </button>
      <button type="button" className="icon" aria-label="Close search" onClick={onClose}>
        <Icon name="close" />
      </button>
    </div>
  );
}
