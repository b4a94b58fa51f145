import type { RequestInput } from '../../src-shared/ipc/contract';
import type { Settings } from '../../src-shared/ipc/schemas';
import type { Config } from '../config/schema';
import { API_KEY_SECRET, type SecretStore } from '../config/secrets';
import type { SandboxStatus } from '../sandbox/sandbox';
import type { ConfigStore } from '../config/store';
import { setValue } from '../config/yamlEdit';
import { checkTerminalChange } from './settingsChecks';

export { API_KEY_SECRET, MemorySecretStore, type SecretStore } from '../config/secrets';

/** `sandbox` is what commands actually get, so the UI can warn while it is off or unavailable. */
export function settingsView(config: Config, secrets: SecretStore, sandbox?: SandboxStatus): Settings {
  const { writable_roots, network } = config.sandbox;
  const terminal = (config.terminal ?? {}) as Record<string, unknown>;
  const backend = typeof terminal.backend === 'string' ? terminal.backend : 'local';
  return {
    model: { ...config.model, hasApiKey: secrets.has(API_KEY_SECRET), keyStore: secrets.place },
    approvals: {
      mode: config.approvals.mode,
      timeout_seconds: config.approvals.timeout_seconds,
      containers: config.approvals.containers,
    },
    terminal: { ...terminal, backend: backend as Settings['terminal']['backend'] },
    toolsets: config.toolsets,
    memory: { write_approval: config.memory.write_approval },
    sessions: { max_concurrent_turns: config.sessions.max_concurrent_turns },
    notifications: { ...config.notifications },
    ...(sandbox ? { sandbox: { ...sandbox, writable_roots, network } } : {}),
  };
}

/**
 * Applies a Settings change: config.yaml for settings, the secret store for the key. `sandbox`
 * is read after the save, which reconfigures the sandbox.
 */
export async function updateSettings(
  store: ConfigStore,
  secrets: SecretStore,
  change: RequestInput<'settings.update'>,
  sandbox?: () => SandboxStatus | undefined,
): Promise<Settings> {
  const { apiKey, ...model } = change.model ?? {};
  if (apiKey !== undefined) await secrets.set(API_KEY_SECRET, apiKey);
  const config = await store.update((doc, current) => {
    // Checked against the config it applies to, before anything is written.
    if (change.terminal) checkTerminalChange(current.terminal as Record<string, unknown>, change.terminal);
    for (const [key, value] of Object.entries(model)) setValue(doc, ['model', key], value);
    for (const [key, value] of Object.entries(change.approvals ?? {}))
      setValue(doc, ['approvals', key], value);
    for (const [key, value] of Object.entries(change.terminal ?? {})) setValue(doc, ['terminal', key], value);
    // Lists are edited item by item, so comments on the entries kept stay.
    for (const [key, value] of Object.entries(change.sandbox ?? {})) setValue(doc, ['sandbox', key], value);
    for (const [key, value] of Object.entries(change.memory ?? {})) setValue(doc, ['memory', key], value);
    for (const [key, value] of Object.entries(change.sessions ?? {})) setValue(doc, ['sessions', key], value);
    for (const [key, value] of Object.entries(change.notifications ?? {}))
      setValue(doc, ['notifications', key], value);
  });
  return settingsView(config, secrets, sandbox?.());
}
