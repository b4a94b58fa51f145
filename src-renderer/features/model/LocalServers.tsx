import { useEffect } from 'react';
import { useModel } from './modelStore';
import { PRESETS, type Preset } from './presets';

/** Model servers found running on this machine, each one click from being used. */
export function LocalServers({ onUse }: { onUse(preset: Preset, baseUrl: string, model?: string): void }) {
  const servers = useModel((s) => s.localServers);
  const detect = useModel((s) => s.detect);
  useEffect(() => void detect(), [detect]);
  if (servers.length === 0) return null;
  return (
    <ul className="model-local" data-testid="model-local-servers" aria-label="Model servers on this machine">
      {servers.map((server) => {
        const preset = PRESETS.find((p) => p.provider === server.provider);
        return (
          <li key={server.baseUrl}>
            Found <strong>{server.label}</strong> at <code>{server.baseUrl}</code> with {server.models.length}{' '}
            model
            {server.models.length === 1 ? '' : 's'}{' '}
            {preset && (
              <button type="button" onClick={() => onUse(preset, server.baseUrl, server.models[0])}>
                Use it
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
