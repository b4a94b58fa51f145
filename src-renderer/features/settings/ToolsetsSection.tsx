import type { ToolsetInfo } from '../../../src-shared/ipc/schemas';
import { useToolsets } from './toolsetsStore';
import { ToolsetRow } from './ToolsetRow';
import './ToolsetsSection.css';

/**
 * The toolsets a user chooses between. Platform presets, legacy `*_tools` names and "all" are
 * aliases for combinations of these, so listing them too would offer the same switch twice.
 */
const KIND_ORDER: ToolsetInfo['kind'][] = ['leaf', 'composite', 'mcp', 'plugin'];
const KIND_LABELS: Partial<Record<ToolsetInfo['kind'], string>> = {
  leaf: 'Toolsets',
  composite: 'Bundles',
  mcp: 'MCP servers',
  plugin: 'Plugins',
};

/** Every choosable toolset with its switch, whether it can run here, and what it still needs. */
export function ToolsetsSection() {
  const toolsets = useToolsets((s) => s.toolsets);
  const choosable = toolsets.filter((t) => KIND_ORDER.includes(t.kind));
  return (
    <section
      className="settings-section"
      id="settings-toolsets"
      data-testid="settings-toolsets"
      aria-labelledby="settings-toolsets-h"
    >
      <h3 id="settings-toolsets-h">Toolsets</h3>
      {KIND_ORDER.map((kind) => {
        const group = choosable.filter((t) => t.kind === kind);
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
      {choosable.length === 0 && <p className="muted">No toolsets reported.</p>}
      {toolsets.length > choosable.length && (
        <p className="muted settings-hint">
          Platform presets and legacy names (such as <code>terminal_tools</code>) are not listed: they stand
          for combinations of the toolsets above.
        </p>
      )}
    </section>
  );
}
