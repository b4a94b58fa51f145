import { useSettings } from '../settings/settingsStore';

/**
 * Shown for as long as local commands run unconfined (mode off) or cannot run (the sandbox cannot
 * start). It has no close button: it goes away when the sandbox is back in effect.
 */
export function SandboxBanner({ onOpenSettings }: { onOpenSettings(): void }) {
  const effective = useSettings((s) => s.settings?.sandbox?.effective);
  if (effective !== 'off' && effective !== 'unavailable') return null;
  return (
    <div className="sandbox-banner" role="status" data-testid="sandbox-off-banner" data-effective={effective}>
      <span aria-hidden="true">⚠</span>
      <span className="sandbox-banner-text">
        {effective === 'off' ? (
          <>
            <strong>Sandbox off:</strong> local commands run unconfined, with your full permissions.
          </>
        ) : (
          <>
            <strong>Sandbox cannot start:</strong> local commands are refused until it is fixed or turned off.
          </>
        )}
      </span>
      <button type="button" className="link" data-testid="sandbox-banner-settings" onClick={onOpenSettings}>
        Sandbox settings
      </button>
    </div>
  );
}
