import { useSettings } from './settingsStore';
import { CommitInput, Field } from './CommitInput';

/** How commands that need approval are decided, and how long a question waits. */
export function ApprovalsSection() {
  const approvals = useSettings((s) => s.settings?.approvals);
  const update = useSettings((s) => s.update);
  if (!approvals) return null;
  return (
    <section
      className="settings-section"
      id="settings-approvals"
      data-testid="settings-approvals"
      aria-labelledby="settings-approvals-h"
    >
      <h3 id="settings-approvals-h">Approvals</h3>
      <Field
        label="Mode"
        hint="Manual asks you; smart lets a helper model decide clear cases; off runs everything but the hardline floor."
      >
        <select
          aria-label="Approval mode"
          data-testid="settings-approval-mode"
          value={approvals.mode}
          onChange={(e) => void update({ approvals: { mode: e.target.value as typeof approvals.mode } })}
        >
          <option value="manual">Manual</option>
          <option value="smart">Smart</option>
          <option value="off">Off</option>
        </select>
      </Field>
      <Field label="Timeout" hint="Seconds before an unanswered question counts as deny (5–3600).">
        <CommitInput
          label="Approval timeout in seconds"
          data-testid="settings-approval-timeout"
          type="number"
          min={5}
          max={3600}
          value={String(approvals.timeout_seconds)}
          onCommit={(text) => {
            const seconds = Math.round(Number(text));
            if (Number.isFinite(seconds) && seconds >= 5 && seconds <= 3600)
              void update({ approvals: { timeout_seconds: seconds } });
          }}
        />
      </Field>
      <Field label="In containers" hint="Whether commands inside a container backend still ask.">
        <select
          aria-label="Approvals in containers"
          value={approvals.containers}
          onChange={(e) =>
            void update({ approvals: { containers: e.target.value as typeof approvals.containers } })
          }
        >
          <option value="skip">Skip (the container is the boundary)</option>
          <option value="prompt">Ask as on the host</option>
        </select>
      </Field>
    </section>
  );
}
