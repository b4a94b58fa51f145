/**
 * Where API keys and tokens live: the OS keychain, or a 0600 file where no keychain answers
 * (config/keychain/). Declared here, below the handlers and MCP, so both can name it.
 */

/** The name of the model's API key, the one secret Settings edits. */
export const API_KEY_SECRET = 'model_api_key';

/** Where a store keeps its secrets, as Settings shows it. */
export interface SecretPlace {
  kind: 'keychain' | 'file' | 'memory';
  /** The keychain's name and entry, or the file's path. */
  label: string;
  /** Why the keychain is not used, when it is not. */
  note?: string;
}

export interface SecretStore {
  has(name: string): boolean;
  get(name: string): string | undefined;
  /** An empty value deletes the secret. */
  set(name: string, value: string): Promise<void>;
  readonly place: SecretPlace;
  /** Re-reads what another process may have changed (`caduceus mcp login` while serve runs). */
  reload?(): Promise<void>;
}

/** Keeps secrets in memory for the life of the process (tests). */
export class MemorySecretStore implements SecretStore {
  readonly place: SecretPlace = { kind: 'memory', label: 'memory (forgotten when the app quits)' };
  protected readonly values = new Map<string, string>();
  constructor(initial: Record<string, string | undefined> = {}) {
    for (const [k, v] of Object.entries(initial)) if (v) this.values.set(k, v);
  }
  has(name: string): boolean {
    return this.values.has(name);
  }
  get(name: string): string | undefined {
    return this.values.get(name);
  }
  async set(name: string, value: string): Promise<void> {
    if (value) this.values.set(name, value);
    else this.values.delete(name);
  }
}
