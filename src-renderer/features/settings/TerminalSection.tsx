import { useEffect, useState } from 'react';
import { api, errorMessage, unwrap } from '../../api/client';
import { useSettings } from './settingsStore';
import { draftErrors, draftOf, optionsOf, type Draft } from './backendDraft';
import type { TerminalBackendKind } from '../../../src-shared/backends/registry';
import { BACKENDS, asRecord, backendFields, backendLabel } from './backendFields';
import { Field } from './CommitInput';
import { KeyValueEditor } from './KeyValueEditor';
import { SshTest } from './SshTest';
import './TerminalSection.css';

/**
 * Which backend runs commands, and its options. Named fields are edited as a draft, checked, and
 * saved together with the backend choice, so a half-filled SSH form never becomes the backend.
 */
export function TerminalSection() {
  const terminal = useSettings((s) => s.settings?.terminal);
  const saved = terminal?.backend;
  const [selected, setSelected] = useState<TerminalBackendKind | undefined>(saved);
  const [draft, setDraft] = useState<Draft>({});
  const [error, setError] = useState<string>();
  const backend = selected ?? saved ?? 'local';
  const options = asRecord(terminal?.[backend]);
  const fields = backendFields(backend);
  const optionsKey = JSON.stringify(options);

  // A saved change (here or elsewhere) resets the draft to what config.yaml now holds.
  useEffect(() => {
    setDraft(draftOf(backend, JSON.parse(optionsKey) as Record<string, unknown>));
    setError(undefined);
  }, [backend, optionsKey]);
  useEffect(() => setSelected(saved), [saved]);
  if (!terminal) return null;

  const errors = draftErrors(backend, draft);
  const valid = Object.keys(errors).length === 0;
  const next = optionsOf(backend, options, draft);
  const dirty = backend !== saved || JSON.stringify(next) !== optionsKey;

  async function save(change: Record<string, unknown>) {
    try {
      useSettings.getState().received(await unwrap(api().settingsUpdate({ terminal: change })));
      setError(undefined);
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  function choose(kind: TerminalBackendKind) {
    setSelected(kind);
    // A backend whose required fields are already filled in is used at once; others wait for Save.
    if (Object.keys(draftErrors(kind, draftOf(kind, asRecord(terminal?.[kind])))).length === 0)
      void save({ backend: kind });
  }

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
          onChange={(e) => choose(e.target.value as TerminalBackendKind)}
        >
          {BACKENDS.map((b) => (
            <option key={b} value={b}>
              {backendLabel(b)}
            </option>
          ))}
        </select>
        {backend !== saved && (
          <span className="settings-hint" data-testid="backend-pending">
            Not in use yet: fill in the fields below{backend === 'ssh' ? ', test,' : ''} and save. Commands
            still run on {backendLabel(saved ?? 'local')}.
          </span>
        )}
      </Field>
      {fields ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) void save({ backend, [backend]: next });
          }}
        >
          {fields.map((field) => (
            <Field key={field.key} label={field.label}>
              <input
                aria-label={`${backendLabel(backend)} ${field.label}`}
                aria-invalid={errors[field.key] ? true : undefined}
                data-testid={`backend-${backend}-${field.key}`}
                type={field.type}
                placeholder={field.placeholder}
                value={draft[field.key] ?? ''}
                onChange={(e) => setDraft((d) => ({ ...d, [field.key]: e.target.value }))}
              />
              {errors[field.key] && dirty && (
                <span className="settings-error" data-testid={`backend-${backend}-${field.key}-error`}>
                  {errors[field.key]}
                </span>
              )}
            </Field>
          ))}
          {error && (
            <p role="alert" className="settings-error" data-testid="backend-error">
              {error}
            </p>
          )}
          <div className="settings-inline backend-actions">
            <button type="submit" className="primary" data-testid="backend-save" disabled={!valid || !dirty}>
              Save
            </button>
            {backend === 'ssh' && <SshTest ssh={next} disabled={!valid} />}
          </div>
        </form>
      ) : (
        <Field label="Options" hint="Names as in config.yaml under terminal.">
          <KeyValueEditor value={options} onChange={(value) => void save({ backend, [backend]: value })} />
        </Field>
      )}
    </section>
  );
}
