import { useState } from 'react';
import { listAddError } from '../../../src-shared/sandboxSettings';
import { IconButton } from '../../ui/IconButton';

interface StringListEditorProps {
  items: readonly string[];
  /** Why an entry is not acceptable, or undefined. */
  check(entry: string): string | undefined;
  /** Saves the whole list; resolves false when it was not saved. */
  onSave(next: string[]): Promise<boolean>;
  /** Prefix of the test ids: `<id>-entry`, `-remove`, `-input`, `-add`, `-error`. */
  testId: string;
  /** What one entry is, for labels ("writable folder"). */
  noun: string;
  placeholder: string;
  empty: string;
}

/** A list of strings: ✕ removes an entry; Add checks the new one first and saves nothing bad. */
export function StringListEditor({
  items,
  check,
  onSave,
  testId,
  noun,
  placeholder,
  empty,
}: StringListEditorProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const entry = text.trim();

  async function add() {
    const problem = listAddError(items, entry, check);
    setError(problem);
    if (!problem && (await onSave([...items, entry]))) setText('');
  }

  return (
    <div className="string-list">
      <ul className="string-list-items">
        {items.map((item) => (
          <li key={item} className="string-list-item">
            <code data-testid={`${testId}-entry`} data-value={item}>
              {item}
            </code>
            <IconButton
              icon="close"
              label={`Remove ${item}`}
              data-testid={`${testId}-remove`}
              onClick={() => void onSave(items.filter((i) => i !== item))}
            />
          </li>
        ))}
        {items.length === 0 && <li className="muted string-list-empty">{empty}</li>}
      </ul>
      <form
        className="settings-inline"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <input
          aria-label={`New ${noun}`}
          aria-invalid={error ? true : undefined}
          data-testid={`${testId}-input`}
          placeholder={placeholder}
          spellCheck={false}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(undefined);
          }}
        />
        <button type="submit" data-testid={`${testId}-add`} disabled={!entry}>
          Add
        </button>
      </form>
      {error && (
        <span role="alert" className="settings-error" data-testid={`${testId}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
