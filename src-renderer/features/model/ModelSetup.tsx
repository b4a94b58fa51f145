import { useEffect, useState } from 'react';
import { api, errorMessage, unwrap } from '../../api/client';
import { useModel } from './modelStore';
import { useSettings } from '../settings/settingsStore';
import { LocalServers } from './LocalServers';
import { PRESETS, presetOf, type Preset } from './presets';
import './model.css';

type TestState = { state: 'idle' } | { state: 'running' } | { state: 'done'; ok: boolean; message: string };

/**
 * Guided set-up of the chat model: a provider preset, its URL, a key (kept in the secret store,
 * never in config.yaml), the model picked from the server's own list, and a test request.
 */
export function ModelSetup() {
  const status = useModel((s) => s.status);
  const hasKey = useSettings((s) => s.settings?.model.hasApiKey ?? false);
  const update = useSettings((s) => s.update);
  const openSetup = useModel((s) => s.openSetup);
  const [preset, setPreset] = useState<Preset>(() => presetOf(status?.provider, status?.baseUrl));
  const [baseUrl, setBaseUrl] = useState(status?.baseUrl ?? preset.baseUrl);
  const [name, setName] = useState(status?.name ?? '');
  const [key, setKey] = useState('');
  const [models, setModels] = useState<{ list: string[]; error?: string }>({ list: [] });
  const [test, setTest] = useState<TestState>({ state: 'idle' });

  const probe = () => ({
    provider: preset.provider,
    base_url: baseUrl.trim(),
    ...(name.trim() ? { name: name.trim() } : {}),
    ...(key ? { apiKey: key } : {}),
  });

  async function loadModels() {
    if (!baseUrl.trim()) return;
    try {
      const reply = await unwrap(api().modelList(probe()));
      setModels({ list: reply.models, ...(reply.error ? { error: reply.error } : {}) });
      if (!name && reply.models[0]) setName(reply.models[0]);
    } catch (err) {
      setModels({ list: [], error: errorMessage(err) });
    }
  }

  // The list follows the server: fetched again whenever the URL changes (and only then).
  useEffect(() => {
    void loadModels();
  }, [baseUrl]);

  function choose(next: Preset, url = next.baseUrl) {
    setPreset(next);
    setBaseUrl(url);
    setName('');
    setTest({ state: 'idle' });
  }

  async function runTest() {
    setTest({ state: 'running' });
    try {
      const reply = await unwrap(api().modelTest(probe()));
      setTest({ state: 'done', ...reply });
    } catch (err) {
      setTest({ state: 'done', ok: false, message: errorMessage(err) });
    }
  }

  async function save() {
    const saved = await update({
      model: {
        provider: preset.provider,
        base_url: baseUrl.trim(),
        name: name.trim(),
        ...(key ? { apiKey: key } : {}),
      },
    });
    if (saved) {
      setKey('');
      openSetup(false);
    }
  }

  const keyMissing = preset.needsKey && !key && !hasKey;
  return (
    <section className="model-setup" data-testid="model-setup" aria-labelledby="model-setup-h">
      <h2 id="model-setup-h">{status?.ready ? 'Change the model' : 'Set up a model to start'}</h2>
      {status && !status.ready && (
        <ul className="model-setup-problems" data-testid="model-setup-problems">
          {status.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <div className="model-presets" role="radiogroup" aria-label="Provider">
        {PRESETS.map((p) => (
          <button
            key={p.id}
            type="button"
            role="radio"
            aria-checked={p.id === preset.id}
            data-testid={`model-preset-${p.id}`}
            onClick={() => choose(p)}
          >
            {p.label}
          </button>
        ))}
      </div>
      {preset.hint && <p className="muted model-hint">{preset.hint}</p>}
      <LocalServers onUse={(p, url, model) => (choose(p, url), setName(model ?? ''))} />
      <label className="model-field">
        <span>Server URL</span>
        <input
          type="url"
          data-testid="model-setup-url"
          value={baseUrl}
          placeholder="http://127.0.0.1:8000/v1"
          onChange={(e) => setBaseUrl(e.target.value)}
        />
      </label>
      <label className="model-field">
        <span>API key{preset.needsKey ? '' : ' (optional)'}</span>
        <input
          type="password"
          autoComplete="off"
          data-testid="model-setup-key"
          value={key}
          placeholder={hasKey ? 'A key is saved; type to replace it' : 'Paste the key'}
          onChange={(e) => setKey(e.target.value)}
        />
      </label>
      <label className="model-field">
        <span>Model</span>
        <input
          list="model-setup-models"
          data-testid="model-setup-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <datalist id="model-setup-models">
          {models.list.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
      </label>
      <p className="muted model-hint" data-testid="model-setup-models">
        {models.error
          ? `No model list from this server (${models.error}); type the model's name.`
          : models.list.length > 0
            ? `${models.list.length} model${models.list.length === 1 ? '' : 's'} on this server.`
            : ''}{' '}
        <button type="button" className="link" onClick={() => void loadModels()}>
          Reload list
        </button>
      </p>
      {test.state !== 'idle' && (
        <p
          className={`model-test ${test.state === 'done' ? (test.ok ? 'ok' : 'failed') : ''}`}
          data-testid="model-test-result"
          role="status"
        >
          {test.state === 'running' ? 'Sending one short request…' : `${test.ok ? '✓' : '✗'} ${test.message}`}
        </p>
      )}
      <div className="model-actions">
        <button
          type="button"
          data-testid="model-test"
          disabled={!baseUrl || !name || test.state === 'running'}
          onClick={() => void runTest()}
        >
          Test connection
        </button>
        <button
          type="button"
          className="primary"
          data-testid="model-save"
          disabled={!baseUrl || !name || keyMissing}
          onClick={() => void save()}
        >
          Save and use
        </button>
        {status?.ready && (
          <button type="button" onClick={() => openSetup(false)}>
            Cancel
          </button>
        )}
      </div>
    </section>
  );
}
