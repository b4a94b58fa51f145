import { useState } from 'react';
import { parseLoose, withOption } from './backendFields';
import { CommitInput } from './CommitInput';
import { IconButton } from '../../ui/IconButton';

const show = (value: unknown) =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/** Free-form options: one row per key, a row to add one, ✕ to remove. */
export function KeyValueEditor({
  value,
  onChange,
}: {
  value: Record<string, unknown>;
  onChange(next: Record<string, unknown>): void;
}) {
  const [newKey, setNewKey] = useState('');
  const [newValue, setNewValue] = useState('');
  return (
    <div className="kv-editor">
      {Object.entries(value).map(([key, v]) => (
        <div className="kv-row" key={key}>
          <code>{key}</code>
          <CommitInput
            label={`Value of ${key}`}
            value={show(v)}
            onCommit={(text) => onChange(withOption(value, key, parseLoose(text)))}
          />
          <IconButton
            icon="close"
            label={`Remove ${key}`}
            onClick={() => onChange(withOption(value, key, undefined))}
          />
        </div>
      ))}
      <form
        className="kv-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (!newKey.trim()) return;
          onChange(withOption(value, newKey.trim(), parseLoose(newValue)));
          setNewKey('');
          setNewValue('');
        }}
      >
        <input
          aria-label="New option name"
          placeholder="name"
          value={newKey}
          onChange={(e) => setNewKey(e.target.value)}
        />
        <input
          aria-label="New option value"
          placeholder="value"
          value={newValue}
          onChange={(e) => setNewValue(e.target.value)}
        />
        <button type="submit" disabled={!newKey.trim()}>
          Add
        </button>
      </form>
    </div>
  );
}
