import { useEffect, useState } from 'react';
import { useTerminal } from './terminalStore';
import { downloadText } from '../../ui/download';
import { TerminalSearch } from './TerminalSearch';
import { TerminalTabs } from './TerminalTabs';
import { TerminalView } from './TerminalView';
import { terminalMayTakeFocus } from './focusPolicy';
import { closeTerminalTab, openShell, terminals } from './terminalSync';
import { onColorSchemeChange } from './xtermTheme';
import './terminal.css';
import { IconButton } from '../../ui/IconButton';

/** Live output of the agent's commands, one tab per environment, plus the user's own shells. */
export function TerminalPane() {
  const tabs = useTerminal((s) => s.tabs);
  const activeKey = useTerminal((s) => s.activeKey);
  const activate = useTerminal((s) => s.activate);
  const [searching, setSearching] = useState(false);
  const active = tabs.find((t) => t.key === activeKey);
  const inputWait = useTerminal((s) => s.inputWait);
  const waitingHere = inputWait && active?.streamIds.includes(inputWait.streamId) ? inputWait : undefined;

  useEffect(() => onColorSchemeChange(() => terminals.setTheme()), []);
  // The command's question gets the keyboard, unless a dialog has it or someone types elsewhere,
  // and its prompt line is shown.
  useEffect(() => {
    if (!waitingHere || !active) return;
    const entry = terminals.get(active.key);
    if (!entry) return;
    entry.term.scrollToBottom();
    if (terminalMayTakeFocus(entry.element, 'question')) entry.term.focus();
  }, [waitingHere, active]);

  function save() {
    const entry = active && terminals.get(active.key);
    if (entry)
      downloadText(`${active.title.replace(/\W+/g, '-').toLowerCase()}.log`, entry.serialize.serialize());
  }

  return (
    <section
      className="terminal-pane"
      data-testid="terminal-pane"
      aria-label="Terminal"
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && e.shiftKey && e.key.toLowerCase() === 'f' && active) {
          e.preventDefault();
          setSearching(true);
        }
      }}
    >
      <div className="terminal-toolbar">
        <TerminalTabs
          tabs={tabs}
          activeKey={activeKey}
          onSelect={activate}
          onClose={(key) => void closeTerminalTab(key)}
        />
        <IconButton
          icon="plus"
          label="Open a shell"
          title="Open a shell"
          data-testid="terminal-new-shell"
          onClick={() => void openShell()}
        />
        <IconButton
          icon="search"
          label="Find in terminal"
          title="Find (Ctrl+Shift+F)"
          disabled={!active}
          onClick={() => setSearching((s) => !s)}
        />
        <IconButton
          icon="download"
          label="Save terminal output"
          title="Save output"
          disabled={!active}
          onClick={save}
        />
      </div>
      {waitingHere && (
        <div className="terminal-input-wait" role="status" data-testid="input-wait">
          <strong>The command is waiting for your input:</strong> <code>{waitingHere.prompt}</code>
          <span className="muted">
            {' '}
            Type the answer in the terminal and press Enter. It goes to the command only, not to the model.
          </span>
        </div>
      )}
      {searching && active && <TerminalSearch tabKey={active.key} onClose={() => setSearching(false)} />}
      <div className="terminal-body">
        {active ? (
          <TerminalView key={active.key} tabKey={active.key} />
        ) : (
          <p className="terminal-empty muted">
            Commands the agent runs show here as they run. Press + for a shell.
          </p>
        )}
      </div>
    </section>
  );
}
