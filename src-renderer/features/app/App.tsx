import { useEffect, useState } from 'react';
import { ApprovalDialog } from '../approvals/ApprovalDialog';
import { ChatView } from '../chat/ChatView';
import { SessionList } from '../sessions/SessionList';
import { SettingsDialog } from '../settings/SettingsDialog';
import { TerminalPane } from '../terminal/TerminalPane';
import { ConnectionBanner } from './ConnectionBanner';
import { Notices } from './Notices';
import { installShortcuts } from './shortcuts';
import { startSync } from './sync';
import './app.css';
import { IconButton } from '../../ui/IconButton';

export function App() {
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [terminalOpen, setTerminalOpen] = useState(true);

  useEffect(() => startSync(), []);
  useEffect(() => installShortcuts({ openSettings: () => setSettingsOpen(true) }), []);

  return (
    <div className={`app${terminalOpen ? '' : ' terminal-hidden'}`}>
      <header className="app-header">
        <span className="app-title">
          <span aria-hidden="true">⚕</span> Caduceus
        </span>
        <ConnectionBanner />
        <span className="app-header-actions">
          <IconButton
            icon="terminal"
            label={terminalOpen ? 'Hide terminal' : 'Show terminal'}
            aria-pressed={terminalOpen}
            data-testid="terminal-toggle"
            onClick={() => setTerminalOpen((o) => !o)}
          />
          <IconButton
            icon="settings"
            label="Open settings"
            title="Settings (Ctrl+,)"
            data-testid="settings-open"
            onClick={() => setSettingsOpen(true)}
          />
        </span>
      </header>
      <SessionList />
      <ChatView />
      {terminalOpen && <TerminalPane />}
      {settingsOpen && <SettingsDialog onClose={() => setSettingsOpen(false)} />}
      <ApprovalDialog />
      <Notices />
    </div>
  );
}
