import { useEffect, useState } from 'react';
import { useLayout } from './layoutStore';
import { fitWidths, SIDEBAR, SPLITTER, TERMINAL } from './layoutMath';
import { ApprovalDialog } from '../approvals/ApprovalDialog';
import { ChatView } from '../chat/ChatView';
import { useChat } from '../chat/chatStore';
import { SessionList } from '../sessions/SessionList';
import type { SettingsSectionId } from '../settings/sections';
import { ConnectionBanner } from './ConnectionBanner';
import { SandboxBanner } from './SandboxBanner';
import { AttentionBanner } from './AttentionBanner';
import { Notices } from './Notices';
import { Splitter } from './Splitter';
import { installShortcuts } from './shortcuts';
import { startSync } from './sync';
import { useTerminalOpen, useWindowWidth } from './useTerminalOpen';
import './app.css';
import { IconButton } from '../../ui/IconButton';
import { Modal } from '../../ui/Modal';
import { lazyPart } from '../../ui/lazyPart';
import { terminalsReady } from './terminalLoader';
import { afterFirstScreen } from './firstScreen';
import { preloadMarkdown } from '../chat/lazyMarkdown';
import { DiffView } from '../diff/lazyDiffView';

// Parts of the page not needed for its first screen: each is a chunk of its own.
const TerminalPane = lazyPart(
  async () => {
    await terminalsReady();
    return (await import('../terminal/TerminalPane')).TerminalPane;
  },
  { label: 'the terminal', className: 'terminal-slot' },
);
const SettingsDialog = lazyPart(async () => (await import('../settings/SettingsDialog')).SettingsDialog, {
  label: 'Settings',
  frame: ({ onClose }, placeholder) => (
    <Modal title="Settings" onEscape={onClose} testId="settings-loading" className="settings-dialog">
      {placeholder}
    </Modal>
  ),
});

/** At or below this width the panes stack (the sidebar hides) instead of standing side by side. */
const NARROW = 900;

export function App() {
  // Open Settings, at this section when one is given.
  const [settings, setSettings] = useState<{ section?: SettingsSectionId }>();
  const layout = useLayout();
  const windowWidth = useWindowWidth();
  const { sidebarOpen } = layout;
  const terminalOpen = useTerminalOpen();
  const narrow = windowWidth <= NARROW;
  // A narrow window has no room for the list beside the chat: the toggle opens it over the chat.
  const [drawer, setDrawer] = useState(false);
  const currentId = useChat((s) => s.sessionId);
  useEffect(() => setDrawer(false), [currentId, narrow]);
  const listShown = narrow ? drawer : sidebarOpen;
  const fitted = fitWidths(layout, windowWidth, { sidebar: sidebarOpen, terminal: terminalOpen });

  useEffect(() => startSync(), []);
  // What a session's transcript draws is fetched once the first screen is painted, so opening one waits for no code.
  useEffect(() => {
    void afterFirstScreen().then(() => Promise.all([preloadMarkdown(), DiffView.preload()]));
  }, []);
  useEffect(() => installShortcuts({ openSettings: () => setSettings({}) }), []);

  const columns = [
    ...(sidebarOpen ? [`${fitted.sidebar}px`, `${SPLITTER}px`] : []),
    'minmax(0, 1fr)',
    ...(terminalOpen ? [`${SPLITTER}px`, `${fitted.terminal}px`] : []),
  ].join(' ');

  return (
    <div
      className={`app${terminalOpen ? '' : ' terminal-hidden'}${sidebarOpen ? '' : ' sidebar-hidden'}${narrow && drawer ? ' drawer-open' : ''}`}
      style={narrow ? undefined : { gridTemplateColumns: columns }}
    >
      <div className="app-top">
        <header className="app-header">
          <IconButton
            icon="sidebar"
            label={listShown ? 'Hide sessions' : 'Show sessions'}
            aria-pressed={listShown}
            data-testid="sidebar-toggle"
            onClick={() => (narrow ? setDrawer(!drawer) : layout.set({ sidebarOpen: !sidebarOpen }))}
          />
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
              onClick={() => layout.set({ terminalOpen: !terminalOpen })}
            />
            <IconButton
              icon="settings"
              label="Open settings"
              title="Settings (Ctrl+,)"
              data-testid="settings-open"
              onClick={() => setSettings({})}
            />
          </span>
        </header>
        <SandboxBanner onOpenSettings={() => setSettings({ section: 'sandbox' })} />
        <AttentionBanner />
      </div>
      {listShown && <SessionList />}
      {sidebarOpen && !narrow && (
        <Splitter
          label="Resize the sessions list"
          testId="resize-sidebar"
          width={fitted.sidebar}
          direction={1}
          onResize={(sidebar) => layout.set({ sidebar })}
          onReset={() => layout.set({ sidebar: SIDEBAR.initial })}
        />
      )}
      <ChatView />
      {terminalOpen && !narrow && (
        <Splitter
          label="Resize the terminal"
          testId="resize-terminal"
          width={fitted.terminal}
          direction={-1}
          onResize={(terminal) =>
            layout.set({
              terminal: fitWidths({ ...fitted, terminal }, windowWidth, {
                sidebar: sidebarOpen,
                terminal: true,
              }).terminal,
            })
          }
          onReset={() => layout.set({ terminal: Math.round(windowWidth * TERMINAL.initial) })}
        />
      )}
      {terminalOpen && <TerminalPane />}
      {settings && (
        <SettingsDialog
          onClose={() => setSettings(undefined)}
          {...(settings.section ? { section: settings.section } : {})}
        />
      )}
      <ApprovalDialog />
      <Notices />
    </div>
  );
}
