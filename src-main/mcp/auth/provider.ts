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
import { startSignIn, type SignInInteraction } from './signIn';

export type { SignInInteraction } from './signIn';

/** A server wants a sign-in that nobody started: shown as `needs_auth`, never as a failure. */
export class NeedsSignInError extends Error {
  override readonly name = 'NeedsSignInError';
  /** The scope the server asked for, when it asked for more than the tokens hold (step-up). */
  readonly scope: string | undefined;

  constructor(message: string, scope?: string) {
    super(message);
    this.scope = scope;
  }
}

/**
 * The SDK's OAuth client provider for one HTTP server. The SDK runs the flow (discovery,
 * registration or client ID metadata document, PKCE, `resource`, scopes, refresh); this class
 * stores what it yields and sends the person to the browser — only while signing in.
 */
export class McpOAuthProvider implements OAuthClientProvider {
  interaction: SignInInteraction | undefined;
  /**
   * Who is shown the authorization page when a connected server asks for a new sign-in during
   * a request (a wider scope, or tokens that can no longer be refreshed); without one, that
   * request fails with NeedsSignInError.
   */
  stepUpOpener: UrlOpener | undefined;
  /** The sign-in this provider started itself for a step-up, closed by `endStepUp`. */
  private stepUp: SignInInteraction | undefined;
  /** The server answered 403 insufficient_scope: a refresh keeps the old scope, so skip it. */
  private widerScopeWanted = false;
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

  /** Called by the SDK just before it sends the person to the authorization page. */
  async state(): Promise<string> {
    if (!this.interaction && this.stepUpOpener && this.credentials.hasTokens()) {
      this.stepUp = await startSignIn(this.credentials, this.oauth, this.stepUpOpener);
      this.interaction = this.stepUp;
    }
    this.expectedState = randomBytes(16).toString('base64url');
    return this.expectedState;
  }

  /** The server refused a token for lack of scope; the next authorization asks the person. */
  noteInsufficientScope(): void {
    this.widerScopeWanted = true;
  }

  /** Closes the receiver of a step-up sign-in this provider started, once it is over. */
  async endStepUp(): Promise<void> {
    this.widerScopeWanted = false;
    const stepUp = this.stepUp;
    if (!stepUp) return;
    this.stepUp = undefined;
    if (this.interaction === stepUp) this.interaction = undefined;
    await stepUp.receiver.close();
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
    const tokens = this.credentials.tokens();
    if (!tokens || !this.widerScopeWanted) return tokens;
    // Without the refresh token the SDK goes to the authorization page for the wider scope.
    const { refresh_token: _kept, ...access } = tokens;
    return access;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    this.widerScopeWanted = false;
    await this.credentials.saveTokens(tokens);
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    const interaction = this.interaction;
    const scope = url.searchParams.get('scope') ?? undefined;
    if (!interaction || !this.expectedState) {
      if (!this.credentials.hasTokens()) throw new NeedsSignInError('sign-in required');
      if (!scope || !this.widerScopeWanted) throw new NeedsSignInError('sign-in expired');
      // `caduceus mcp login` (or Settings' Sign in) asks for this scope next time.
      await this.credentials.saveWantedScope(scope);
      throw new NeedsSignInError(`sign-in with scope "${scope}" required`, scope);
    }
    const wanted = this.credentials.wantedScope();
    if (wanted) url.searchParams.set('scope', joinScopes(scope, wanted));
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

function joinScopes(a: string | undefined, b: string): string {
  return [...new Set(`${a ?? ''} ${b}`.split(' ').filter(Boolean))].join(' ');
}
