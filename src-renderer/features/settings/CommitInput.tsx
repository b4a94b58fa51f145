import { useEffect, useState, type InputHTMLAttributes, type ReactNode } from 'react';

interface CommitInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  value: string;
  /** Called with the new text on Enter or blur, when it differs from `value`. */
  onCommit(value: string): void;
  label: string;
}

/** A text field that applies its change when the user is done with it, not on every key. */
export function CommitInput({ value, onCommit, label, ...rest }: CommitInputProps) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft !== value) onCommit(draft);
  };
  return (
    <input
      {...rest}
      aria-label={label}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape' && draft !== value) {
          e.stopPropagation();
          setDraft(value);
        }
      }}
    />
  );
}

/** A labelled row of the settings form. */
export function Field({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="settings-field">
      <span className="settings-label">{label}</span>
      <div className="settings-control">
        {children}
        {hint && <span className="settings-hint muted">{hint}</span>}
      </div>
    </div>
  );
}
