import { useState } from 'react';

/** "Deny and tell the agent why": a short note that goes back to the model with the refusal. */
export function DenyWithReason({ disabled, onDeny }: { disabled: boolean; onDeny(note: string): void }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  if (!open)
    return (
      <button
        type="button"
        className="link-button approval-deny-reason"
        data-testid="approval-deny-reason"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        Deny and tell the agent why…
      </button>
    );
  return (
    <form
      className="approval-deny-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (note.trim()) onDeny(note.trim());
      }}
    >
      <label htmlFor="approval-deny-note">Why not? The agent reads this with the refusal.</label>
      <textarea
        id="approval-deny-note"
        data-testid="approval-deny-note"
        rows={2}
        maxLength={500}
        autoFocus
        value={note}
        placeholder="For example: use the staging database instead"
        onChange={(e) => setNote(e.target.value)}
      />
      <button
        type="submit"
        className="danger"
        data-testid="approval-deny-send"
        disabled={disabled || !note.trim()}
      >
        Deny with this note
      </button>
    </form>
  );
}
