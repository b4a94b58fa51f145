import { randomBytes } from 'node:crypto';
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { McpOAuthConfig } from '../../config/schema';
import type { UrlOpener } from './browser';
import type { McpCredentials } from './credentials';
import type { LoopbackReceiver } from './loopback';

/** A server wants a sign-in that nobody started: shown as `needs_auth`, never as a failure. */
export class NeedsSignInError extends Error {
  override readonly name = 'NeedsSignInError';
}

/** Present while a person is signing in: where to show the page and where the redirect lands. */
export interface SignInInteraction {
  opener: UrlOpener;
  receiver: LoopbackReceiver;
  signal?: AbortSignal;
}

/**
 * The SDK's OAuth client provider for one HTTP server. The SDK runs the flow (discovery,
 * registration or client ID metadata document, PKCE, `resource`, scopes, refresh); this class
 * stores what it yields and sends the person to the browser — only while signing in.
 */
export class McpOAuthProvider implements OAuthClientProvider {
  interaction: SignInInteraction | undefined;
  private verifier: string | undefined;
  private expectedState: string | undefined;
  private pendingCode: Promise<string> | undefined;

  constructor(
    private readonly credentials: McpCredentials,
    private readonly oauth: McpOAuthConfig,
  ) {}

  get redirectUrl(): string {
    return this.interaction?.receiver.redirectUrl ?? 'http://127.0.0.1/callback';
  }

  get clientMetadataUrl(): string | undefined {
    return this.oauth.client_metadata_url;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Caduceus',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      ...(this.oauth.scope ? { scope: this.oauth.scope } : {}),
    };
  }

  state(): string {
    this.expectedState = randomBytes(16).toString('base64url');
    return this.expectedState;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    // Without a person and without tokens to refresh, no flow can finish: say so before
    // the SDK registers a client nobody will use.
    if (!this.interaction && !this.credentials.hasTokens()) throw new NeedsSignInError('sign-in required');
    if (this.oauth.client_id) {
      const secret = this.credentials.clientSecret();
      return { client_id: this.oauth.client_id, ...(secret ? { client_secret: secret } : {}) };
    }
    const client = this.credentials.client();
    // A registered client is bound to its redirect URI; another loopback port needs a new one.
    const uris = (client as { redirect_uris?: unknown } | undefined)?.redirect_uris;
    if (this.interaction && Array.isArray(uris) && !uris.includes(this.redirectUrl)) return undefined;
    return client;
  }

  async saveClientInformation(client: OAuthClientInformationMixed): Promise<void> {
    if (!this.oauth.client_id) await this.credentials.saveClient(client);
  }

  tokens(): OAuthTokens | undefined {
    return this.credentials.tokens();
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.credentials.saveTokens(tokens);
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    const interaction = this.interaction;
    if (!interaction || !this.expectedState)
      throw new NeedsSignInError(this.credentials.hasTokens() ? 'sign-in expired' : 'sign-in required');
    this.pendingCode = interaction.receiver.waitForCode(this.expectedState, interaction.signal);
    this.pendingCode.catch(() => undefined);
    try {
      await interaction.opener(url.toString());
    } catch (err) {
      this.pendingCode = undefined;
      throw err;
    }
  }

  /** The code of the sign-in that `redirectToAuthorization` started, once; undefined if none. */
  takePendingCode(): Promise<string> | undefined {
    const pending = this.pendingCode;
    this.pendingCode = undefined;
    return pending;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('no PKCE code verifier for this sign-in');
    return this.verifier;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    await this.credentials.saveDiscovery(state);
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.credentials.discovery();
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'all' || scope === 'tokens') await this.credentials.saveTokens(undefined);
    if (scope === 'all' || scope === 'client') await this.credentials.saveClient(undefined);
    if (scope === 'all' || scope === 'discovery') await this.credentials.saveDiscovery(undefined);
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
  }
}
