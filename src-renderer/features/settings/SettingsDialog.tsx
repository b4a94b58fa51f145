import { useEffect } from 'react';
import { useSettings } from './settingsStore';
import { Modal } from '../../ui/Modal';
import { AllowlistSection } from './AllowlistSection';
import { ApprovalsSection } from './ApprovalsSection';
import { LedgerSection } from './LedgerSection';
import { McpSection } from './McpSection';
import { MemorySection } from './MemorySection';
import { ModelSection } from './ModelSection';
import { SandboxSection } from './SandboxSection';
import { SessionsSection } from './SessionsSection';
import { TerminalSection } from './TerminalSection';
import { ToolsetsSection } from './ToolsetsSection';
import './settings.css';
import { Icon } from '../../ui/Icon';

const SECTIONS = [
  ['model', 'Model'],
  ['terminal', 'Terminal'],
  ['sandbox', 'Sandbox'],
  ['approvals', 'Approvals'],
  ['sessions', 'Chats'],
  ['toolsets', 'Toolsets'],
  ['allowlist', 'Allowlist'],
  ['ledger', 'Approvals log'],
  ['memory', 'Memory'],
  ['mcp', 'MCP servers'],
] as const;

export type SettingsSectionId = (typeof SECTIONS)[number][0];

/** Every setting on one scrolling page; each change applies at once. `section` is shown first. */
export function SettingsDialog({ onClose, section }: { onClose(): void; section?: SettingsSectionId }) {
  const version = useSettings((s) => s.appVersion);
  const loaded = useSettings((s) => s.settings !== undefined);
  useEffect(() => {
    if (section && loaded) document.getElementById(`settings-${section}`)?.scrollIntoView({ block: 'start' });
  }, [section, loaded]);
  return (
    <Modal title="Settings" onEscape={onClose} testId="settings-dialog" className="settings-dialog">
      <button
        type="button"
        className="icon settings-close"
        aria-label="Close settings"
        data-testid="settings-close"
        onClick={onClose}
      >
        <Icon name="close" />
      </button>
      <div className="settings-layout">
        <nav className="settings-nav" aria-label="Settings sections">
          {SECTIONS.map(([id, label]) => (
            <button
              key={id}
              type="button"
              data-testid={`settings-nav-${id}`}
              onClick={() => document.getElementById(`settings-${id}`)?.scrollIntoView({ block: 'start' })}
            >
              {label}
            </button>
          ))}
          {version && <span className="muted settings-version">Caduceus {version}</span>}
        </nav>
        <div className="settings-content">
          {!loaded && <p className="muted">Loading settings…</p>}
          <ModelSection />
          <TerminalSection />
          <SandboxSection />
          <ApprovalsSection />
          <SessionsSection />
          <ToolsetsSection />
          <AllowlistSection />
          <LedgerSection />
          <MemorySection />
          <McpSection />
        </div>
      </div>
    </Modal>
  );
}
