import { useEffect, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { useModel } from './modelStore';
import { useSettings } from '../settings/settingsStore';

/** The chat header's model: the one in use, switchable among the server's models. */
export function ModelPicker() {
  const status = useModel((s) => s.status);
  const openSetup = useModel((s) => s.openSetup);
  const update = useSettings((s) => s.update);
  const [models, setModels] = useState<string[]>([]);
  const baseUrl = status?.baseUrl;

  useEffect(() => {
    if (!baseUrl || status?.fixed) return;
    let live = true;
    unwrap(api().modelList({ base_url: baseUrl, ...(status?.provider ? { provider: status.provider } : {}) }))
      .then((reply) => live && setModels(reply.models))
      .catch(() => live && setModels([]));
    return () => {
      live = false;
    };
  }, [baseUrl, status?.provider, status?.fixed]);

  if (!status) return null;
  if (!status.ready)
    return (
      <button
        type="button"
        className="model-missing"
        data-testid="model-current"
        onClick={() => openSetup(true)}
      >
        No model set up
      </button>
    );
  const name = status.name ?? '';
  const options = models.includes(name) ? models : [name, ...models];
  return (
    <span className="model-picker" title={`${name} at ${status.baseUrl ?? ''}`}>
      <span className="muted">Model</span>
      {status.fixed || options.length < 2 ? (
        <span
          className="model-name"
          data-testid="model-current"
          title={status.fixed ? `${name} (set on the command line)` : name}
        >
          {name}
        </span>
      ) : (
        <select
          aria-label="Model"
          data-testid="model-current"
          value={name}
          onChange={(e) => void update({ model: { name: e.target.value } })}
        >
          {options.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      )}
      {!status.fixed && (
        <button type="button" className="link" data-testid="model-change" onClick={() => openSetup(true)}>
          Change…
        </button>
      )}
    </span>
  );
}
