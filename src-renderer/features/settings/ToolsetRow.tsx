import type { ToolsetInfo } from '../../../src-shared/ipc/schemas';
import { useToolsets } from './toolsetsStore';
import { Switch } from '../../ui/Switch';

const PILL = { available: 'pill-ok', partial: 'pill-warn', unavailable: 'pill-error' } as const;

function availabilityLabel(t: ToolsetInfo): string {
  if (t.availability === 'partial') return `partly (${t.toolsAvailable} of ${t.toolsTotal})`;
  return t.availability;
}

/** Distinct reasons its tools are unavailable: several tools often share one (a missing key). */
function reasonsOf(t: ToolsetInfo): string[] {
  return [
    ...new Set(t.toolAvailability.flatMap((tool) => (tool.available ? [] : [tool.reason ?? 'unavailable']))),
  ];
}

/** One toolset: switch, availability, why not and what to set; its tools one by one on expand. */
export function ToolsetRow({ toolset: t }: { toolset: ToolsetInfo }) {
  const busy = useToolsets((s) => s.busy[t.name] ?? false);
  const setEnabled = useToolsets((s) => s.setEnabled);
  const reasons = reasonsOf(t);
  // Switched on but with no tool to offer: the switch says so instead of looking active.
  const inactive = t.enabled && t.availability === 'unavailable';
  return (
    <li
      className="toolset-row"
      data-testid="toolset"
      data-toolset={t.name}
      data-kind={t.kind}
      data-enabled={String(t.enabled)}
      data-availability={t.availability}
    >
      <Switch
        checked={t.enabled}
        disabled={busy}
        muted={inactive}
        label={`Enable toolset ${t.name}`}
        testId="toolset-toggle"
        data={{ 'data-toolset': t.name }}
        onChange={(on) => void setEnabled(t.name, on)}
      />
      <div className="toolset-info">
        <div className="toolset-head">
          <strong>{t.name}</strong>
          <span className={`pill ${PILL[t.availability]}`} data-testid="toolset-availability">
            {availabilityLabel(t)}
          </span>
          {inactive && (
            <span className="muted" data-testid="toolset-inactive">
              on, but not offered to the model until it is available
            </span>
          )}
        </div>
        {t.description && <div className="muted toolset-desc">{t.description}</div>}
        {reasons.length > 0 && (
          <ul className="toolset-reasons" data-testid="toolset-reason">
            {reasons.slice(0, 3).map((r) => (
              <li key={r}>{r}</li>
            ))}
            {reasons.length > 3 && (
              <li className="muted">and {reasons.length - 3} more (see the tools below)</li>
            )}
          </ul>
        )}
        {t.missingEnv.length > 0 && (
          <div className="toolset-missing" data-testid="toolset-missing-env">
            Set{' '}
            {t.missingEnv.map((v) => (
              <code key={v}>{v}</code>
            ))}
            in the environment Caduceus starts in.
          </div>
        )}
        {t.toolAvailability.length > 0 && (
          <details className="toolset-tools">
            <summary>
              {t.toolsAvailable} of {t.toolsTotal} tool{t.toolsTotal === 1 ? '' : 's'} available
              {t.includes.length > 0 && <span className="muted"> · includes {t.includes.join(', ')}</span>}
            </summary>
            <ul>
              {t.toolAvailability.map((tool) => (
                <li
                  key={tool.name}
                  data-testid="toolset-tool"
                  data-tool={tool.name}
                  data-available={String(tool.available)}
                >
                  <span aria-hidden="true" className={tool.available ? 'tool-ok' : 'tool-missing'}>
                    {tool.available ? '✓' : '✗'}
                  </span>{' '}
                  <code>{tool.name}</code>
                  {!tool.available && tool.reason && <span className="muted"> — {tool.reason}</span>}
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </li>
  );
}
