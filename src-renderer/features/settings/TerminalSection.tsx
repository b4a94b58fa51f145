import { useSettings } from '../../stores/settingsStore';
import {
  BACKEND_FIELDS,
  BACKEND_LABELS,
  BACKENDS,
  asRecord,
  withOption,
  type BackendKind,
} from './backendFields';
import { CommitInput, Field } from './CommitInput';
import { KeyValueEditor } from './KeyValueEditor';

/** Which backend runs commands, and its options (named fields for local, docker and ssh). */
export function TerminalSection() {
  const terminal = useSettings((s) => s.settings?.terminal);
  const update = useSettings((s) => s.update);
  if (!terminal) return null;
  const backend = terminal.backend;
  const options = asRecord(terminal[backend]);
  const fields = BACKEND_FIELDS[backend];
  const setOption = (key: string, value: unknown) =>
    void update({ terminal: { [backend]: withOption(options, key, value) } });

  return (
    <section
      className="settings-section"
      id="settings-terminal"
      data-testid="settings-terminal"
      aria-labelledby="settings-terminal-h"
    >
      <h3 id="settings-terminal-h">Terminal backend</h3>
      <Field label="Backend" hint="Where the agent's commands run. New environments use it.">
        <select
          aria-label="Terminal backend"
          data-testid="settings-backend"
          value={backend}
          onChange={(e) => void update({ terminal: { backend: e.target.value as BackendKind } })}
        >
          {BACKENDS.map((b) => (
            <option key={b} value={b}>
              {BACKEND_LABELS[b]}
            </option>
          ))}
        </select>
      </Field>
      {fields ? (
        fields.map((field) => (
          <Field key={field.key} label={field.label}>
            <CommitInput
              label={`${BACKEND_LABELS[backend]} ${field.label}`}
              data-testid={`backend-${backend}-${field.key}`}
              type={field.type}
              placeholder={field.placeholder}
              value={options[field.key] === undefined ? '' : String(options[field.key])}
              onCommit={(text) => setOption(field.key, field.type === 'number' && text ? Number(text) : text)}
            />
          </Field>
        ))
      ) : (
        <Field label="Options" hint="Names as in config.yaml under terminal.">
          <KeyValueEditor
            value={options}
            onChange={(next) => void update({ terminal: { [backend]: next } })}
          />
        </Field>
      )}
    </section>
  );
}
