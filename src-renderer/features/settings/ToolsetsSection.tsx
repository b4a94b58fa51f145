import type { ToolsetInfo } from '../../../src-shared/ipc/schemas';
import { useToolsets } from '../../stores/toolsetsStore';
import { Switch } from '../../ui/Switch';

const KIND_ORDER: ToolsetInfo['kind'][] = ['leaf', 'composite', 'mcp', 'plugin', 'preset', 'legacy', 'all'];
const KIND_LABELS: Record<ToolsetInfo['kind'], string> = {
  leaf: 'Toolsets',
  composite: 'Bundles',
  mcp: 'MCP servers',
  plugin: 'Plugins',
  preset: 'Platform presets',
  legacy: 'Legacy names',
  all: 'Everything',
};

/** Every toolset with its switch, whether it can run here, its tools and what it still needs. */
export function ToolsetsSection() {
  const toolsets = useToolsets((s) => s.toolsets);
  return (
    <section
      className="settings-section"
      id="settings-toolsets"
      data-testid="settings-toolsets"
      aria-labelledby="settings-toolsets-h"
    >
      <h3 id="settings-toolsets-h">Toolsets</h3>
      {KIND_ORDER.map((kind) => {
        const group = toolsets.filter((t) => t.kind === kind);
        if (group.length === 0) return null;
        return (
          <div key={kind} className="toolset-group">
            <h4>{KIND_LABELS[kind]}</h4>
            <ul className="settings-list">
              {group.map((t) => (
                <ToolsetRow key={t.name} toolset={t} />
              ))}
            </ul>
          </div>
        );
      })}
      {toolsets.length === 0 && <p className="muted">No toolsets reported.</p>}
    </section>
  );
}

function ToolsetRow({ toolset: t }: { toolset: ToolsetInfo }) {
  const busy = useToolsets((s) => s.busy[t.name] ?? false);
  const setEnabled = useToolsets((s) => s.setEnabled);
  const reasons = Object.entries(t.unavailable);
  return (
    <li className="toolset-row" data-testid="toolset" data-toolset={t.name} data-enabled={String(t.enabled)}>
      <Switch
        checked={t.enabled}
        disabled={busy}
        label={`Enable toolset ${t.name}`}
        testId="toolset-toggle"
        data={{ 'data-toolset': t.name }}
        onChange={(on) => void setEnabled(t.name, on)}
      />
      <div className="toolset-info">
        <div className="toolset-head">
          <strong>{t.name}</strong>
          <span
            className={`pill ${t.availability === 'available' ? 'pill-ok' : 'pill-warn'}`}
            data-testid="toolset-availability"
          >
            {t.availability === 'partial'
              ? `partly (${t.toolsAvailable} of ${t.toolsTotal})`
              : t.availability}
          </span>
        </div>
        {t.description && <div className="muted toolset-desc">{t.description}</div>}
        {t.missingEnv.length > 0 && (
          <div className="toolset-missing">
            Needs{' '}
            {t.missingEnv.map((v) => (
              <code key={v}>{v}</code>
            ))}
          </div>
        )}
        {t.tools.length > 0 && (
          <details className="toolset-tools">
            <summary>
              {t.tools.length} tool{t.tools.length === 1 ? '' : 's'}
              {t.includes.length > 0 && <span className="muted"> · includes {t.includes.join(', ')}</span>}
            </summary>
            <ul>
              {t.tools.map((tool) => (
                <li key={tool}>
                  <code>{tool}</code>
                  {t.unavailable[tool] && <span className="muted"> — {t.unavailable[tool]}</span>}
                </li>
              ))}
            </ul>
          </details>
        )}
        {t.tools.length === 0 && reasons.length > 0 && (
          <div className="muted">{reasons.map(([k, v]) => `${k}: ${v}`).join('; ')}</div>
        )}
      </div>
    </li>
  );
}
