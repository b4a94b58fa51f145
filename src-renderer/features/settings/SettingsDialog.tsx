import { useSettings } from '../../stores/settingsStore';
import { Modal } from '../../ui/Modal';
import { AllowlistSection } from './AllowlistSection';
import { ApprovalsSection } from './ApprovalsSection';
import { LedgerSection } from './LedgerSection';
import { McpSection } from './McpSection';
import { ModelSection } from './ModelSection';
import { TerminalSection } from './TerminalSection';
import { ToolsetsSection } from './ToolsetsSection';
import './settings.css';
import { Icon } from '../../ui/Icon';

const SECTIONS = [
  ['model', 'Model'],
  ['terminal', 'Terminal'],
  ['approvals', 'Approvals'],
  ['toolsets', 'Toolsets'],
  ['allowlist', 'Allowlist'],
  ['ledger', 'Approvals log'],
  ['mcp', 'MCP servers'],
] as const;

/** Every setting on one scrolling page; each change applies at once. */
export function SettingsDialog({ onClose }: { onClose(): void }) {
  const version = useSettings((s) => s.appVersion);
  const loaded = useSettings((s) => s.settings !== undefined);
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
          <ApprovalsSection />
          <ToolsetsSection />
          <AllowlistSection />
          <LedgerSection />
          <McpSection />
        </div>
      </div>
    </Modal>
  );
}
