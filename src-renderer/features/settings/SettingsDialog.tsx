import { useEffect } from 'react';
import { useSettings } from './settingsStore';
import { Modal } from '../../ui/Modal';
import { SETTINGS_SECTIONS, type SettingsSectionId } from './sections';
import './settings.css';
import { Icon } from '../../ui/Icon';

export type { SettingsSectionId };

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
          {SETTINGS_SECTIONS.map(({ id, label }) => (
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
          {SETTINGS_SECTIONS.map(({ id, Component }) => (
            <Component key={id} />
          ))}
        </div>
      </div>
    </Modal>
  );
}
