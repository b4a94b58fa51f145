import { z } from 'zod';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { SecretStore } from '../../config/secrets';

/** The host's secret store: the OS keychain, or a 0600 file where none answers. */
export type ReadableSecretStore = SecretStore;

const RecordSchema = z.object({
  /** The URL these credentials were issued for; another URL must not reuse them. */
  serverUrl: z.string(),
  tokens: z.record(z.string(), z.unknown()).optional(),
  client: z.record(z.string(), z.unknown()).optional(),
  clientSecret: z.string().optional(),
  discovery: z.record(z.string(), z.unknown()).optional(),
  /** A wider scope the server asked for when nobody could sign in; the next sign-in asks for it. */
  wantedScope: z.string().optional(),
});
type CredentialRecord = z.infer<typeof RecordSchema>;

export function credentialSecretName(server: string): string {
  return `mcp_oauth:${server}`;
}

/**
 * OAuth state of one MCP server (tokens, registered client, pre-registered client secret,
 * discovery), kept as one JSON secret in the secret store — never in config.yaml.
 */
export class McpCredentials {
  constructor(
    private readonly secrets: ReadableSecretStore,
    readonly server: string,
    readonly serverUrl: string,
  ) {}

  tokens(): OAuthTokens | undefined {
    return this.read().tokens as OAuthTokens | undefined;
  }

  client(): OAuthClientInformationMixed | undefined {
    return this.read().client as OAuthClientInformationMixed | undefined;
  }

  clientSecret(): string | undefined {
    return this.read().clientSecret;
  }

  discovery(): OAuthDiscoveryState | undefined {
    return this.read().discovery as OAuthDiscoveryState | undefined;
  }

  /** The loopback port of the registered redirect URI, to listen on it again. */
  redirectPort(): number {
    const uris = (this.client() as { redirect_uris?: unknown } | undefined)?.redirect_uris;
    const first = Array.isArray(uris) && typeof uris[0] === 'string' ? uris[0] : '';
    const port = /^http:\/\/127\.0\.0\.1:(\d+)\//.exec(first)?.[1];
    return port ? Number(port) : 0;
  }

  wantedScope(): string | undefined {
    return this.read().wantedScope;
  }

  hasTokens(): boolean {
    return this.tokens() !== undefined;
  }

  /** New tokens were granted for the scope asked for, so no wider scope is wanted any more. */
  async saveTokens(tokens: OAuthTokens | undefined): Promise<void> {
    await this.update((r) => ({ ...r, tokens, ...(tokens ? { wantedScope: undefined } : {}) }));
  }

  async saveWantedScope(wantedScope: string): Promise<void> {
    await this.update((r) => ({ ...r, wantedScope }));
  }

  async saveClient(client: OAuthClientInformationMixed | undefined): Promise<void> {
    await this.update((r) => ({ ...r, client }));
  }

  async saveClientSecret(clientSecret: string | undefined): Promise<void> {
    await this.update((r) => ({ ...r, clientSecret }));
  }

  async saveDiscovery(discovery: OAuthDiscoveryState | undefined): Promise<void> {
    await this.update((r) => ({ ...r, discovery: discovery && JSON.parse(JSON.stringify(discovery)) }));
  }

  /** Forgets everything but a pre-registered client secret the user gave us. */
  async clear(): Promise<void> {
    const clientSecret = this.clientSecret();
    await this.secrets.set(
      credentialSecretName(this.server),
      clientSecret ? JSON.stringify({ serverUrl: this.serverUrl, clientSecret }) : '',
    );
  }

  private read(): CredentialRecord {
    const raw = this.secrets.get(credentialSecretName(this.server));
    const empty = { serverUrl: this.serverUrl };
    if (!raw) return empty;
    try {
      const parsed = RecordSchema.parse(JSON.parse(raw));
      // Credentials for another URL were issued to another resource: start over.
      if (parsed.serverUrl !== this.serverUrl)
        return parsed.clientSecret ? { ...empty, clientSecret: parsed.clientSecret } : empty;
      return parsed;
    } catch {
      return empty;
    }
  }

  private async update(change: (r: CredentialRecord) => CredentialRecord): Promise<void> {
    const next = change(this.read());
    const kept = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined));
    await this.secrets.set(credentialSecretName(this.server), JSON.stringify(kept));
  }
}
