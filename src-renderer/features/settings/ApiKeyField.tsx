import { useState } from 'react';
import type { Settings } from '../../../src-shared/ipc/schemas';
import { useSettings } from './settingsStore';
import { Field } from './CommitInput';

type KeyStore = NonNullable<Settings['model']['keyStore']>;

function placeText(store: KeyStore): string {
  if (store.kind === 'keychain') return `Kept in the ${store.label}.`;
  if (store.kind === 'file') return `Kept in the file ${store.label}, readable only by you.`;
  return `Kept in ${store.label}.`;
}

/** The API key is write-only: it is sent, never shown or read back. Removing it asks first. */
export function ApiKeyField({ model }: { model: Settings['model'] }) {
  const update = useSettings((s) => s.update);
  const [key, setKey] = useState('');
  const [confirming, setConfirming] = useState(false);

  async function saveKey(value: string) {
    if (await update({ model: { apiKey: value } })) setKey('');
    setConfirming(false);
  }

  return (
    <Field label="API key">
      <form
        className="settings-inline"
        onSubmit={(e) => {
          e.preventDefault();
          if (key) void saveKey(key);
        }}
      >
        <input
          type="password"
          autoComplete="off"
          aria-label="API key"
          data-testid="settings-api-key"
          placeholder={model.hasApiKey ? 'Enter a new key to replace it' : 'Paste the key'}
          value={key}
          onChange={(e) => setKey(e.target.value)}
        />
        <button type="submit" disabled={!key} data-testid="settings-api-key-save">
          Save key
        </button>
        {model.hasApiKey && !confirming && (
          <button
            type="button"
            className="danger"
            data-testid="settings-api-key-remove"
            onClick={() => setConfirming(true)}
          >
            Remove
          </button>
        )}
        {model.hasApiKey && confirming && (
          <span className="settings-inline" role="group" aria-label="Confirm removing the key">
            <span>Remove the saved key?</span>
            <button
              type="button"
              className="danger"
              data-testid="settings-api-key-remove-confirm"
              onClick={() => void saveKey('')}
            >
              Remove key
            </button>
            <button type="button" data-testid="settings-api-key-keep" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </span>
        )}
      </form>
      <span className="settings-hint" data-testid="settings-key-status">
        {model.hasApiKey ? '✓ key saved' : 'No key saved'}
        {model.keyStore && <span data-testid="settings-key-store"> · {placeText(model.keyStore)}</span>}
      </span>
      {model.keyStore?.note && (
        <span className="settings-hint settings-warn" data-testid="settings-key-store-note">
          {model.keyStore.note}
        </span>
      )}
    </Field>
  );
}
