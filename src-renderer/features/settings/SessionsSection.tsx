import { Switch } from '../../ui/Switch';
import { useSettings } from './settingsStore';
import { CommitInput, Field } from './CommitInput';

/** A whole number in [min, max] from what was typed, or undefined. */
function wholeIn(text: string, min: number, max: number): number | undefined {
  const n = Math.round(Number(text));
  return text.trim() !== '' && Number.isFinite(n) && n >= min && n <= max ? n : undefined;
}

/** How many chats work at once, and when the system tells you about one you are not watching. */
export function SessionsSection() {
  const settings = useSettings((s) => s.settings);
  const update = useSettings((s) => s.update);
  if (!settings) return null;
  const { sessions, notifications } = settings;
  return (
    <section
      className="settings-section"
      id="settings-sessions"
      data-testid="settings-sessions"
      aria-labelledby="settings-sessions-h"
    >
      <h3 id="settings-sessions-h">Chats and notifications</h3>
      <Field
        label="Chats working at once"
        hint="More chats wait their turn, and say so; a chat waiting for you does not count (1–32)."
      >
        <CommitInput
          label="Chats working at once"
          data-testid="settings-max-turns"
          type="number"
          min={1}
          max={32}
          value={String(sessions.max_concurrent_turns)}
          onCommit={(text) => {
            const n = wholeIn(text, 1, 32);
            if (n !== undefined) void update({ sessions: { max_concurrent_turns: n } });
          }}
        />
      </Field>
      <Field
        label="Notifications"
        hint="A system notification when a chat you are not looking at needs you, or ends a long turn."
      >
        <Switch
          checked={notifications.enabled}
          label="System notifications"
          testId="settings-notifications"
          onChange={(enabled) => void update({ notifications: { enabled } })}
        />
      </Field>
      <Field label="Long turn" hint="Seconds a turn must take before its end is notified.">
        <CommitInput
          label="Notify turns longer than, in seconds"
          data-testid="settings-notify-seconds"
          type="number"
          min={0}
          max={86400}
          value={String(notifications.min_turn_seconds)}
          onCommit={(text) => {
            const n = wholeIn(text, 0, 86_400);
            if (n !== undefined) void update({ notifications: { min_turn_seconds: n } });
          }}
        />
      </Field>
    </section>
  );
}
