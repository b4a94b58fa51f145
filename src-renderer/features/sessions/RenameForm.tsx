import { useState } from 'react';

/** Inline title editor: Enter saves, Escape (or an empty title) cancels. */
export function RenameForm({
  initial,
  onDone,
}: {
  initial: string;
  onDone(title: string | undefined): void;
}) {
  const [title, setTitle] = useState(initial);
  return (
    <form
      className="session-rename"
      onSubmit={(e) => {
        e.preventDefault();
        onDone(title.trim() && title.trim() !== initial ? title.trim() : undefined);
      }}
    >
      <input
        autoFocus
        value={title}
        maxLength={200}
        aria-label="Session title"
        data-testid="session-rename-input"
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            onDone(undefined);
          }
        }}
      />
      <button type="submit" className="primary">
        Save
      </button>
    </form>
  );
}
