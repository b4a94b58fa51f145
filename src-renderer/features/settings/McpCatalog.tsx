import { useState } from 'react';
import type { McpCatalog as Catalog } from '../../../src-shared/ipc/mcpSchemas';
import { api, unwrap } from '../../api/client';
import { reportError } from '../../state/noticesStore';

/** A connected server's resources and prompts, read when the list is first opened. */
export function McpCatalog({ server }: { server: string }) {
  const [catalog, setCatalog] = useState<Catalog | undefined>();
  const load = () => {
    if (catalog) return;
    unwrap(api().mcpCatalog({ name: server })).then(setCatalog, (err: unknown) =>
      reportError(`Could not list what ${server} offers`, err),
    );
  };
  return (
    <details
      className="mcp-catalog"
      data-testid="mcp-catalog"
      onToggle={(e) => (e.currentTarget.open ? load() : undefined)}
    >
      <summary>Resources and prompts</summary>
      {!catalog ? (
        <p className="muted">Loading…</p>
      ) : (
        <div className="mcp-catalog-lists">
          <div>
            <h4>Resources ({catalog.resources.length})</h4>
            <ul data-testid="mcp-resources">
              {catalog.resources.map((r) => (
                <li key={r.uri} data-testid="mcp-resource" data-uri={r.uri} title={r.description}>
                  <span>{r.name}</span> <code className="muted">{r.uri}</code>
                </li>
              ))}
              {catalog.resources.length === 0 && <li className="muted">None.</li>}
            </ul>
          </div>
          <div>
            <h4>Prompts ({catalog.prompts.length})</h4>
            <ul data-testid="mcp-prompts">
              {catalog.prompts.map((p) => (
                <li key={p.name} data-testid="mcp-prompt" data-prompt={p.name}>
                  <code>/{`${server}:${p.name}`}</code>
                  {p.arguments.length > 0 && (
                    <span className="muted"> ({p.arguments.map((a) => a.name).join(', ')})</span>
                  )}
                  {p.description && <div className="muted">{p.description}</div>}
                </li>
              ))}
              {catalog.prompts.length === 0 && <li className="muted">None.</li>}
            </ul>
          </div>
        </div>
      )}
    </details>
  );
}
