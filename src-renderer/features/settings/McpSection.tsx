import { useState } from 'react';
import type { McpServerInfo } from '../../../src-shared/ipc/schemas';
import { useMcp } from './mcpStore';
import { Switch } from '../../ui/Switch';
import { McpCatalog } from './McpCatalog';
import { MCP_TEMPLATE, McpEditor } from './McpEditor';
import './McpSection.css';

/** MCP servers: state and tool count, enable, edit the JSON config, remove, add. */
export function McpSection() {
  const servers = useMcp((s) => s.servers);
  const upsert = useMcp((s) => s.upsert);
  const [adding, setAdding] = useState(false);
  return (
    <section
      className="settings-section"
      id="settings-mcp"
      data-testid="settings-mcp"
      aria-labelledby="settings-mcp-h"
    >
      <h3 id="settings-mcp-h">MCP servers</h3>
      <ul className="settings-list">
        {servers.map((server) => (
          <McpRow key={server.name} server={server} />
        ))}
        {servers.length === 0 && <li className="muted">No MCP servers configured.</li>}
      </ul>
      {adding ? (
        <McpEditor config={MCP_TEMPLATE} onSave={upsert} onCancel={() => setAdding(false)} />
      ) : (
        <button type="button" data-testid="mcp-add" onClick={() => setAdding(true)}>
          + Add server
        </button>
      )}
    </section>
  );
}

const STATE_PILL: Record<McpServerInfo['state'], string> = {
  connected: 'pill-ok',
  failed: 'pill-error',
  needs_auth: 'pill-warn',
  disabled: '',
};

function McpRow({ server }: { server: McpServerInfo }) {
  const { upsert, setEnabled, remove, signIn, signOut } = useMcp.getState();
  const [mode, setMode] = useState<'idle' | 'edit' | 'confirm'>('idle');
  const [signingIn, setSigningIn] = useState(false);
  const enabled = server.state !== 'disabled';
  return (
    <li className="mcp-row" data-testid="mcp-server" data-server={server.name} data-state={server.state}>
      <div className="mcp-head">
        <Switch
          checked={enabled}
          label={`Enable MCP server ${server.name}`}
          testId="mcp-toggle"
          data={{ 'data-server': server.name }}
          onChange={(on) => void setEnabled(server.name, on)}
        />
        <strong>{server.name}</strong>
        <span className={`pill ${STATE_PILL[server.state]}`}>
          {server.state === 'needs_auth' ? 'needs sign-in' : server.state}
        </span>
        <span className="muted">
          {server.tools.length} tool{server.tools.length === 1 ? '' : 's'}
        </span>
        <span className="mcp-actions">
          {server.state === 'needs_auth' && (
            <button
              type="button"
              data-testid="mcp-sign-in"
              disabled={signingIn}
              onClick={() => {
                setSigningIn(true);
                void signIn(server.name).finally(() => setSigningIn(false));
              }}
            >
              {signingIn ? 'Waiting for the browser…' : 'Sign in'}
            </button>
          )}
          {server.signedIn && (
            <button
              type="button"
              data-testid="mcp-sign-out"
              title="Forget this server's tokens"
              onClick={() => void signOut(server.name)}
            >
              Sign out
            </button>
          )}
          <button
            type="button"
            data-testid="mcp-edit"
            onClick={() => setMode(mode === 'edit' ? 'idle' : 'edit')}
          >
            Edit
          </button>
          {mode === 'confirm' ? (
            <>
              <button
                type="button"
                className="danger"
                data-testid="mcp-remove-confirm"
                onClick={() => void remove(server.name)}
              >
                Remove {server.name}
              </button>
              <button type="button" onClick={() => setMode('idle')}>
                Keep
              </button>
            </>
          ) : (
            <button
              type="button"
              className="danger"
              data-testid="mcp-remove"
              onClick={() => setMode('confirm')}
            >
              Remove
            </button>
          )}
        </span>
      </div>
      {server.error && <p className="settings-error">{server.error}</p>}
      {server.state === 'connected' && <McpCatalog server={server.name} />}
      {mode === 'edit' && (
        <McpEditor
          name={server.name}
          config={server.config}
          onSave={upsert}
          onCancel={() => setMode('idle')}
        />
      )}
    </li>
  );
}
