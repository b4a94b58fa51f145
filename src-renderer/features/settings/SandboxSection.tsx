import { useState } from 'react';
import type { SandboxSettings } from '../../../src-shared/ipc/schemas';
import {
  allowedDomainError,
  writableRootError,
  type SandboxChange,
} from '../../../src-shared/sandboxSettings';
import { api, errorMessage, unwrap } from '../../api/client';
import { useSettings } from './settingsStore';
import { Field } from './CommitInput';
import { MODE_HINTS, MODE_LABELS, WithCode, type SandboxMode } from './sandboxText';
import { StringListEditor } from './StringListEditor';
import './SandboxSection.css';

/** The OS sandbox around local commands: its mode, writable folders and allowed hosts. */
export function SandboxSection() {
  const sandbox = useSettings((s) => s.settings?.sandbox);
  const [error, setError] = useState<string>();
  if (!sandbox) return null;

  async function save(change: SandboxChange): Promise<boolean> {
    try {
      useSettings.getState().received(await unwrap(api().settingsUpdate({ sandbox: change })));
      setError(undefined);
      return true;
    } catch (err) {
      setError(errorMessage(err));
      return false;
    }
  }

  return (
    <section
      className="settings-section"
      id="settings-sandbox"
      data-testid="settings-sandbox"
      aria-labelledby="settings-sandbox-h"
    >
      <h3 id="settings-sandbox-h">Sandbox</h3>
      <p className="muted settings-intro">
        Contains what the approval gate cannot see: every command on the local backend runs inside an OS
        sandbox. Container and remote backends are their own boundary.
      </p>
      <SandboxStatusView sandbox={sandbox} />
      <Field label="Mode" hint={MODE_HINTS[sandbox.configured]}>
        <select
          aria-label="Sandbox mode"
          data-testid="sandbox-mode"
          value={sandbox.configured}
          onChange={(e) => void save({ mode: e.target.value as SandboxMode })}
        >
          {(Object.keys(MODE_LABELS) as SandboxMode[]).map((mode) => (
            <option key={mode} value={mode}>
              {MODE_LABELS[mode]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Writable folders" hint="Absolute paths (/…, ~/…) writable besides the workspace.">
        <StringListEditor
          items={sandbox.writable_roots}
          check={writableRootError}
          onSave={(writable_roots) => save({ writable_roots })}
          testId="sandbox-root"
          noun="writable folder"
          placeholder="/path/to/folder or ~/folder"
          empty="Only the workspace and the temp folder."
        />
      </Field>
      <Field label="Allowed hosts" hint="Hosts commands may reach: example.com, *.example.com, host:443.">
        <StringListEditor
          items={sandbox.network.allowed_domains}
          check={allowedDomainError}
          onSave={(allowed_domains) => save({ network: { allowed_domains } })}
          testId="sandbox-domain"
          noun="allowed host"
          placeholder="registry.npmjs.org or *.example.com"
          empty="None: commands have no network."
        />
      </Field>
      {error && (
        <p role="alert" className="settings-error" data-testid="sandbox-error">
          {error}
        </p>
      )}
    </section>
  );
}

/** Which mode commands actually get, and, where the sandbox cannot start, what to install. */
function SandboxStatusView({ sandbox }: { sandbox: SandboxSettings }) {
  const { effective, configured, reason } = sandbox;
  return (
    <div
      className={`sandbox-status sandbox-${effective}`}
      data-testid="sandbox-status"
      data-effective={effective}
    >
      {effective === 'unavailable' ? (
        <>
          <strong>Cannot start</strong>
          {reason && (
            <p className="sandbox-reason" data-testid="sandbox-reason">
              <WithCode text={reason.charAt(0).toUpperCase() + reason.slice(1)} />
            </p>
          )}
        </>
      ) : effective === 'off' ? (
        <>
          <strong>Off:</strong> local commands run unconfined, with your full permissions.
        </>
      ) : (
        <>
          <strong>In effect: {MODE_LABELS[effective]}</strong>
          {effective !== configured && ` (configured: ${MODE_LABELS[configured]})`}
        </>
      )}
    </div>
  );
}
