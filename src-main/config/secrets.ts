/**
 * Where API keys and tokens live: the OS keychain in Electron, the process environment or a
 * 0600 file elsewhere. Declared here, below the handlers and MCP, so both can name it.
 */
export interface SecretStore {
  has(name: string): boolean;
  set(name: string, value: string): Promise<void>;
}
