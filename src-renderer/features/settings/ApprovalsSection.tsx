import { backendInfo } from '../../../src-shared/backends/registry';
import {
  ApprovalsChangeSchema,
  SETTINGS_APPROVAL_TIMEOUT,
  type ApprovalMode,
  type Settings,
} from '../../../src-shared/ipc/schemas';
import { useSettings } from './settingsStore';
import { CommitInput, Field } from './CommitInput';

/** What each mode trades, shown under the choice. */
const MODE_HINTS: Record<ApprovalMode, string> = {
  manual: 'Asks you before every command the approval gate flags.',
  auto: 'Runs commands the sandbox keeps inside the workspace, with no network, without asking: every change they make there can be undone. Still asks before anything that leaves the workspace, reaches the network, publishes or sends data.',
  smart: 'A helper model decides clear cases and asks you about the rest.',
  off: 'Runs everything but the hardline floor without asking.',
};

/** Why auto mode would ask as manual does with these settings, or null when it can act. */
function autoHeldBack(settings: Settings): string | null {
  const { sandbox, terminal } = settings;
  if (!backendInfo(terminal.backend).sandboxed)
    return `Commands run on the ${terminal.backend} backend, outside the sandbox, so Auto asks as Manual does.`;
  if (!sandbox) return null;
  if (sandbox.effective === 'off' || sandbox.effective === 'unavailable')
    return `The sandbox is ${sandbox.effective}, so Auto asks as Manual does.`;
  if (sandbox.network.allowed_domains.length > 0)
    return 'Sandboxed commands may reach the hosts listed under Sandbox, so Auto asks as Manual does.';
  if (sandbox.writable_roots.length > 0)
    return 'Sandboxed commands may write the extra folders listed under Sandbox; Auto asks as Manual does unless they are inside the workspace.';
  return null;
}

/** How commands that need approval are decided, and how long a question waits. */
export function ApprovalsSection() {
  const settings = useSettings((s) => s.settings);
  const update = useSettings((s) => s.update);
  const approvals = settings?.approvals;
  if (!settings || !approvals) return null;
  const heldBack = approvals.mode === 'auto' ? autoHeldBack(settings) : null;
  return (
    <section
      className="settings-section"
      id="settings-approvals"
      data-testid="settings-approvals"
      aria-labelledby="settings-approvals-h"
    >
      <h3 id="settings-approvals-h">Approvals</h3>
      <Field label="Mode" hint={MODE_HINTS[approvals.mode]}>
        <select
          aria-label="Approval mode"
          data-testid="settings-approval-mode"
          value={approvals.mode}
          onChange={(e) => void update({ approvals: { mode: e.target.value as typeof approvals.mode } })}
        >
          <option value="manual">Manual</option>
          <option value="auto">Auto</option>
          <option value="smart">Smart</option>
          <option value="off">Off</option>
        </select>
        {heldBack && (
          <span className="settings-hint settings-warn" data-testid="approval-auto-held-back">
            {heldBack}
          </span>
        )}
      </Field>
      <Field
        label="Timeout"
        hint={`0 = wait until answered; otherwise seconds before an unanswered question counts as deny (${SETTINGS_APPROVAL_TIMEOUT.min}–${SETTINGS_APPROVAL_TIMEOUT.max}).`}
      >
        <CommitInput
          label="Approval timeout in seconds"
          data-testid="settings-approval-timeout"
          type="number"
          min={0}
          max={SETTINGS_APPROVAL_TIMEOUT.max}
          value={String(approvals.timeout_seconds)}
          onCommit={(text) => {
            const seconds = Math.round(Number(text));
            if (ApprovalsChangeSchema.shape.timeout_seconds.safeParse(seconds).success)
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
