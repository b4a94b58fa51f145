import { useEffect, useState } from 'react';
import type { AttachmentRef } from '../../../src-shared/attachments';
import { api, unwrap } from '../../api/client';
import { useMcp } from '../settings/mcpStore';

/** The connected servers' resources, to attach one to the message being written. */
export function ResourcePicker({ onPick, onClose }: { onPick(ref: AttachmentRef): void; onClose(): void }) {
  const servers = useMcp((s) => s.servers);
  const [resources, setResources] = useState<(AttachmentRef & { description?: string })[] | undefined>();

  useEffect(() => {
    const connected = servers.filter((s) => s.state === 'connected');
    void Promise.all(
      connected.map(async (s) => {
        const catalog = await unwrap(api().mcpCatalog({ name: s.name })).catch(() => undefined);
        return (catalog?.resources ?? []).map((r) => ({
          server: s.name,
          uri: r.uri,
          name: r.name,
          ...(r.description ? { description: r.description } : {}),
        }));
      }),
    ).then((lists) => setResources(lists.flat()));
  }, [servers]);

  return (
    <div
      className="prompt-picker"
      data-testid="resource-picker"
      role="listbox"
      aria-label="MCP resources"
      onKeyDown={(e) => (e.key === 'Escape' ? onClose() : undefined)}
    >
      {resources === undefined && <div className="muted">Loading resources…</div>}
      {resources?.length === 0 && <div className="muted">No connected MCP server offers resources.</div>}
      {resources?.map((r) => (
        <button
          type="button"
          key={`${r.server} ${r.uri}`}
          role="option"
          aria-selected={false}
          className="prompt-option"
          data-testid="resource-option"
          data-uri={r.uri}
          title={r.description ?? r.uri}
          onClick={() => onPick({ server: r.server, uri: r.uri, name: r.name })}
        >
          <span>{r.name}</span> <code className="muted">{`${r.server} · ${r.uri}`}</code>
        </button>
      ))}
    </div>
  );
}
