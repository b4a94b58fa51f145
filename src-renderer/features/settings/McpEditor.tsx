import { useEffect, useRef, useState } from 'react';
import { api, errorMessage, unwrap } from '../../api/client';
import { configOf, formOf, formProblem, parseJsonConfig, type McpForm } from './mcpForm';

export const MCP_TEMPLATE = {
  command: 'npx',
  args: ['-y', '@modelcontextprotocol/server-everything', 'stdio'],
};

type Tested = { key: string; ok: boolean; text: string };

interface McpEditorProps {
  /** Absent when adding a server: then the name is asked for too. */
  name?: string;
  config: Record<string, unknown>;
  onSave(name: string, config: Record<string, unknown>): Promise<boolean>;
  onCancel(): void;
}

/**
 * One MCP server as a form (or, optionally, its JSON). Save is offered once a test has started
 * the server with exactly this config and listed its tools, so a broken server is not saved.
 */
export function McpEditor({ name, config, onSave, onCancel }: McpEditorProps) {
  const [serverName, setServerName] = useState(name ?? '');
  const [form, setForm] = useState<McpForm>(() => formOf(config));
  const [json, setJson] = useState<string>();
  const [tested, setTested] = useState<Tested>();
  const [testing, setTesting] = useState(false);
  const resultRef = useRef<HTMLParagraphElement>(null);
  // A result below the fold of the settings page is brought into view.
  useEffect(() => resultRef.current?.scrollIntoView({ block: 'nearest' }), [tested]);

  const current = json === undefined ? configOf(form) : parseJsonConfig(json);
  const problem =
    typeof current === 'string'
      ? `JSON: ${current}`
      : json === undefined
        ? formProblem(serverName, form)
        : undefined;
  const key = `${serverName}\n${JSON.stringify(current)}`;
  const passed = tested?.key === key && tested.ok;
  const set = (patch: Partial<McpForm>) => setForm((f) => ({ ...f, ...patch }));

  async function test() {
    if (typeof current === 'string') return;
    setTesting(true);
    try {
      const reply = await unwrap(api().mcpTest({ name: serverName, config: current }));
      setTested({
        key,
        ok: reply.ok,
        text: reply.ok
          ? `✓ Started; ${reply.tools.length} tools: ${reply.tools.join(', ')}`
          : `✗ ${reply.error ?? 'failed'}`,
      });
    } catch (err) {
      setTested({ key, ok: false, text: `✗ ${errorMessage(err)}` });
    } finally {
      setTesting(false);
    }
  }

  function toggleJson() {
    if (json === undefined) return setJson(JSON.stringify(configOf(form), null, 2));
    const parsed = parseJsonConfig(json);
    if (typeof parsed === 'string') return;
    setForm(formOf(parsed));
    setJson(undefined);
  }

  return (
    <form
      className="mcp-editor"
      data-testid="mcp-editor"
      onSubmit={async (e) => {
        e.preventDefault();
        if (passed && typeof current !== 'string' && (await onSave(serverName, current))) onCancel();
      }}
    >
      {name === undefined && (
        <label className="mcp-field">
          <span>Name</span>
          <input
            placeholder="letters, digits, _ . -"
            data-testid="mcp-name-input"
            value={serverName}
            onChange={(e) => setServerName(e.target.value)}
          />
        </label>
      )}
      {json === undefined ? (
        <>
          <div className="mcp-field" role="radiogroup" aria-label="How to reach the server">
            <span>Runs as</span>
            <span className="mcp-transport">
              {(['command', 'url'] as const).map((t) => (
                <label key={t}>
                  <input
                    type="radio"
                    name={`mcp-transport-${name ?? 'new'}`}
                    checked={form.transport === t}
                    data-testid={`mcp-transport-${t}`}
                    onChange={() => set({ transport: t })}
                  />{' '}
                  {t === 'command' ? 'a local command (stdio)' : 'a URL (Streamable HTTP)'}
                </label>
              ))}
            </span>
          </div>
          {form.transport === 'command' ? (
            <>
              <label className="mcp-field">
                <span>Command</span>
                <input
                  data-testid="mcp-command"
                  value={form.command}
                  onChange={(e) => set({ command: e.target.value })}
                />
              </label>
              <label className="mcp-field">
                <span>Arguments</span>
                <textarea
                  rows={3}
                  spellCheck={false}
                  placeholder="one per line"
                  data-testid="mcp-args"
                  value={form.args}
                  onChange={(e) => set({ args: e.target.value })}
                />
              </label>
            </>
          ) : (
            <label className="mcp-field">
              <span>URL</span>
              <input
                type="url"
                data-testid="mcp-url"
                value={form.url}
                onChange={(e) => set({ url: e.target.value })}
              />
            </label>
          )}
        </>
      ) : (
        <textarea
          aria-label={`Config of ${serverName || 'the new server'}`}
          data-testid="mcp-config-input"
          rows={8}
          spellCheck={false}
          value={json}
          onChange={(e) => setJson(e.target.value)}
        />
      )}
      {problem && (
        <p role="alert" className="settings-error" data-testid="mcp-problem">
          {problem}
        </p>
      )}
      {tested?.key === key && (
        <p
          className={`settings-test ${tested.ok ? 'ok' : 'failed'}`}
          data-testid="mcp-test-result"
          role="status"
        >
          {tested.text}
        </p>
      )}
      <div className="settings-inline">
        <button
          type="button"
          data-testid="mcp-test"
          disabled={problem !== undefined || testing}
          onClick={() => void test()}
        >
          {testing ? 'Starting…' : 'Test'}
        </button>
        <button
          type="submit"
          className="primary"
          disabled={!passed}
          data-testid="mcp-save"
          title={passed ? undefined : 'Test the server first'}
        >
          Save
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="link" data-testid="mcp-json-toggle" onClick={toggleJson}>
          {json === undefined ? 'Edit as JSON' : 'Back to the form'}
        </button>
      </div>
    </form>
  );
}
