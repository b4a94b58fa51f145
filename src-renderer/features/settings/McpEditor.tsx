import { useState } from 'react';

export const MCP_TEMPLATE = {
  command: 'npx',
  args: ['-y', '@modelcontextprotocol/server-everything', 'stdio'],
};

function parseConfig(text: string): Record<string, unknown> | string {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value))
      return 'The config must be a JSON object.';
    return value as Record<string, unknown>;
  } catch (err) {
    return err instanceof Error ? err.message : 'Invalid JSON';
  }
}

interface McpEditorProps {
  /** Absent when adding a server: then the name is asked for too. */
  name?: string;
  config: Record<string, unknown>;
  onSave(name: string, config: Record<string, unknown>): Promise<boolean>;
  onCancel(): void;
}

/** The JSON config of one MCP server (as in config.yaml `mcp_servers`), checked before saving. */
export function McpEditor({ name, config, onSave, onCancel }: McpEditorProps) {
  const [serverName, setServerName] = useState(name ?? '');
  const [text, setText] = useState(() => JSON.stringify(config, null, 2));
  const [error, setError] = useState<string>();
  const nameOk = /^[A-Za-z0-9_.-]+$/.test(serverName);

  return (
    <form
      className="mcp-editor"
      onSubmit={async (e) => {
        e.preventDefault();
        const parsed = parseConfig(text);
        if (typeof parsed === 'string') return setError(parsed);
        setError(undefined);
        if (await onSave(serverName, parsed)) onCancel();
      }}
    >
      {name === undefined && (
        <input
          aria-label="Server name"
          placeholder="name (letters, digits, _ . -)"
          data-testid="mcp-name-input"
          value={serverName}
          onChange={(e) => setServerName(e.target.value)}
        />
      )}
      <textarea
        aria-label={`Config of ${serverName || 'the new server'}`}
        data-testid="mcp-config-input"
        rows={8}
        spellCheck={false}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {error && (
        <p role="alert" className="settings-error">
          {error}
        </p>
      )}
      <div className="settings-inline">
        <button type="submit" className="primary" disabled={!nameOk} data-testid="mcp-save">
          Save
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
