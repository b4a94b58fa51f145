import { useModel } from '../model/modelStore';
import { useSettings } from './settingsStore';
import { ApiKeyField } from './ApiKeyField';
import { CommitInput, Field } from './CommitInput';

const PROVIDERS = ['openai', 'openrouter', 'anthropic', 'ollama', 'lmstudio', 'vllm', 'custom'];

/** Model and provider, and the API key (ApiKeyField.tsx). */
export function ModelSection() {
  const model = useSettings((s) => s.settings?.model);
  const update = useSettings((s) => s.update);
  const status = useModel((s) => s.status);
  if (!model) return null;

  return (
    <section
      className="settings-section"
      id="settings-model"
      data-testid="settings-model"
      aria-labelledby="settings-model-h"
    >
      <h3 id="settings-model-h">Model</h3>
      {status && (
        <p className="settings-hint" data-testid="settings-model-status">
          {status.ready
            ? `In use: ${status.name ?? ''} at ${status.baseUrl ?? ''}${status.fixed ? ' (set on the command line, which wins over these fields)' : ''}.`
            : `No model can be used yet: ${status.problems.join(' ')} The set-up card in the chat guides you.`}
        </p>
      )}
      <Field label="Provider">
        <CommitInput
          label="Provider"
          list="caduceus-providers"
          value={model.provider ?? ''}
          onCommit={(provider) => void update({ model: { provider } })}
        />
        <datalist id="caduceus-providers">
          {PROVIDERS.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
      </Field>
      <Field label="Base URL" hint="Any OpenAI-compatible endpoint, e.g. http://127.0.0.1:11434/v1">
        <CommitInput
          label="Base URL"
          type="url"
          data-testid="settings-base-url"
          value={model.base_url ?? ''}
          onCommit={(base_url) => void update({ model: { base_url } })}
        />
      </Field>
      <Field label="Model">
        <CommitInput
          label="Model name"
          data-testid="settings-model-name"
          value={model.name ?? ''}
          onCommit={(name) => void update({ model: { name } })}
        />
      </Field>
      <ApiKeyField model={model} />
    </section>
  );
}
