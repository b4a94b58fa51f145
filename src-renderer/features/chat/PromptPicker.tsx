import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { reportError } from '../../state/noticesStore';
import type { PromptCommand } from './promptCommands';

interface Props {
  /** The matching commands, or undefined while they load. */
  matches: PromptCommand[] | undefined;
  active: number;
  /** A command whose arguments are being asked for. */
  chosen: PromptCommand | undefined;
  onChoose(command: PromptCommand): void;
  /** The prompt's text, to go into the composer. */
  onInsert(text: string): void;
  onCancel(): void;
}

/** The list under a `/` in the composer, then a small form for the chosen prompt's arguments. */
export function PromptPicker({ matches, active, chosen, onChoose, onInsert, onCancel }: Props) {
  if (chosen) return <PromptArguments command={chosen} onInsert={onInsert} onCancel={onCancel} />;
  return (
    <div className="prompt-picker" data-testid="prompt-picker" role="listbox" aria-label="MCP prompts">
      {matches === undefined && <div className="muted">Loading prompts…</div>}
      {matches?.length === 0 && <div className="muted">No MCP prompt matches.</div>}
      {matches?.map((c, i) => (
        <button
          type="button"
          key={c.command}
          role="option"
          aria-selected={i === active}
          className={i === active ? 'prompt-option active' : 'prompt-option'}
          data-testid="prompt-option"
          data-command={c.command}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onChoose(c)}
        >
          <code>/{c.command}</code>
          {c.prompt.description && <span className="muted"> {c.prompt.description}</span>}
        </button>
      ))}
    </div>
  );
}

/** Asks for the prompt's arguments (none asked for a prompt without), then fetches its text. */
export function PromptArguments({
  command,
  onInsert,
  onCancel,
}: {
  command: PromptCommand;
  onInsert(text: string): void;
  onCancel(): void;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const missing = command.prompt.arguments.some((a) => a.required && !values[a.name]?.trim());

  async function insert() {
    setBusy(true);
    const args = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
    try {
      const { text } = await unwrap(
        api().mcpGetPrompt({ server: command.server, prompt: command.prompt.name, arguments: args }),
      );
      onInsert(text);
    } catch (err) {
      reportError(`Could not get /${command.command}`, err);
      setBusy(false);
    }
  }

  return (
    <div className="prompt-picker prompt-args" data-testid="prompt-args" data-command={command.command}>
      <div>
        <code>/{command.command}</code>
        {command.prompt.description && <span className="muted"> {command.prompt.description}</span>}
      </div>
      {command.prompt.arguments.map((a, i) => (
        <label key={a.name}>
          <span>
            {a.name}
            {a.required ? ' *' : ''}
          </span>
          <input
            data-testid="prompt-arg"
            data-arg={a.name}
            autoFocus={i === 0}
            placeholder={a.description}
            value={values[a.name] ?? ''}
            onChange={(e) => setValues({ ...values, [a.name]: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !missing) void insert();
              if (e.key === 'Escape') onCancel();
            }}
          />
        </label>
      ))}
      <div className="prompt-args-buttons">
        <button
          type="button"
          className="primary"
          data-testid="prompt-insert"
          disabled={busy || missing}
          onClick={() => void insert()}
        >
          Insert prompt
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
