import { useState } from 'react';
import { useAllowlist } from './allowlistStore';

/** Commands that never ask again (config.yaml `command_allowlist`). */
export function AllowlistSection() {
  const entries = useAllowlist((s) => s.entries);
  const add = useAllowlist((s) => s.add);
  const remove = useAllowlist((s) => s.remove);
  const [key, setKey] = useState('');

  return (
    <section
      className="settings-section"
      id="settings-allowlist"
      data-testid="settings-allowlist"
      aria-labelledby="settings-allowlist-h"
    >
      <h3 id="settings-allowlist-h">Permanent allowlist</h3>
      <p className="muted settings-intro">
        Rule keys (such as <code>rm-recursive</code>) and command prefixes (such as <code>npm test</code>)
        here run without asking, in every session. Hardline commands are never allowed.
      </p>
      <ul className="settings-list">
        {entries.map((entry) => (
          <li key={entry.key} className="allowlist-entry" data-testid="allowlist-entry" data-key={entry.key}>
            <div>
              <code>{entry.key}</code>
              {entry.description && <div className="muted">{entry.description}</div>}
            </div>
            <button
              type="button"
              className="danger"
              data-testid="allowlist-remove"
              aria-label={`Remove ${entry.key} from the allowlist`}
              onClick={() => void remove(entry.key)}
            >
              Remove
            </button>
          </li>
        ))}
        {entries.length === 0 && <li className="muted">Nothing is allowed permanently.</li>}
      </ul>
      <form
        className="settings-inline"
        onSubmit={async (e) => {
          e.preventDefault();
          if (key.trim() && (await add(key.trim()))) setKey('');
        }}
      >
        <input
          aria-label="Rule key or command prefix to allow"
          placeholder="e.g. rm-recursive or npm test"
          data-testid="allowlist-add-input"
          maxLength={200}
          value={key}
          onChange={(e) => setKey(e.target.value)}
        />
        <button type="submit" data-testid="allowlist-add" disabled={!key.trim()}>
          Add
        </button>
      </form>
    </section>
  );
}
