import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { DemoInMemoryAuthProvider } from '@modelcontextprotocol/sdk/examples/server/demoInMemoryOAuthProvider.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import {
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthRouter,
} from '@modelcontextprotocol/sdk/server/auth/router.js';
import { InvalidGrantError, InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface OAuthMcpServer {
  /** The MCP endpoint, protected by bearer tokens. */
  url: string;
  provider: RefreshingAuthProvider;
  close(): Promise<void>;
}

/** The SDK's demo provider plus refresh tokens, and a way to let access tokens lapse. */
class RefreshingAuthProvider extends DemoInMemoryAuthProvider {
  private readonly refreshTokens = new Map<string, string>();
  /** Access tokens this class issued on refresh; the demo's own are checked by it. */
  private readonly refreshed = new Map<string, AuthInfo>();
  private readonly issued = new Set<string>();
  private readonly revoked = new Set<string>();
  refreshes = 0;
  /** The scope of each authorization request, in order. */
  readonly authorizations: string[] = [];

  override async authorize(...args: Parameters<DemoInMemoryAuthProvider['authorize']>): Promise<void> {
    this.authorizations.push((args[1].scopes ?? []).join(' '));
    await super.authorize(...args);
  }

  override async exchangeAuthorizationCode(
    ...args: Parameters<DemoInMemoryAuthProvider['exchangeAuthorizationCode']>
  ): Promise<OAuthTokens> {
    return this.withRefresh(args[0].client_id, await super.exchangeAuthorizationCode(...args));
  }

  override async exchangeRefreshToken(
    client: OAuthClientInformationFull,
    refreshToken: string,
  ): Promise<OAuthTokens> {
    if (this.refreshTokens.get(refreshToken) !== client.client_id)
      throw new InvalidGrantError('unknown refresh token');
    this.refreshTokens.delete(refreshToken);
    this.refreshes += 1;
    const access = randomUUID();
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    this.refreshed.set(access, { token: access, clientId: client.client_id, scopes: [], expiresAt });
    return this.withRefresh(client.client_id, {
      access_token: access,
      token_type: 'bearer',
      expires_in: 3600,
    });
  }

  override async verifyAccessToken(token: string): Promise<AuthInfo> {
    if (this.revoked.has(token)) throw new InvalidTokenError('token expired');
    return this.refreshed.get(token) ?? super.verifyAccessToken(token);
  }

  /** Every access token issued so far stops working (as if it expired). */
  expireAccessTokens(): void {
    for (const token of this.issued) this.revoked.add(token);
  }

  private withRefresh(clientId: string, tokens: OAuthTokens): OAuthTokens {
    this.issued.add(tokens.access_token);
    const refresh = randomUUID();
    this.refreshTokens.set(refresh, clientId);
    return { ...tokens, refresh_token: refresh };
  }
}

/**
 * An OAuth-protected MCP server on 127.0.0.1 built from the SDK's server auth: protected
 * resource metadata, authorization server metadata, dynamic registration, PKCE and a
 * `whoami` tool. Its authorization page approves at once and redirects (no login form).
 * With `stepUpScope`, a `publish` tool is answered 403 insufficient_scope until the token
 * holds that scope too (step-up authorization).
 */
export async function startOAuthMcpServer(options: { stepUpScope?: string } = {}): Promise<OAuthMcpServer> {
  const app = express();
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const mcpUrl = new URL('/mcp', base);
  const provider = new RefreshingAuthProvider();
  app.use(
    mcpAuthRouter({ provider, issuerUrl: base, resourceServerUrl: mcpUrl, scopesSupported: ['mcp:tools'] }),
  );
  const auth = requireBearerAuth({
    verifier: provider,
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl),
  });
  const stepUp = options.stepUpScope;
  app.post('/mcp', express.json(), auth, async (req, res) => {
    const body = req.body as { method?: string; params?: { name?: string } };
    if (stepUp && body.method === 'tools/call' && body.params?.name === 'publish') {
      if (!(req.auth?.scopes ?? []).includes(stepUp)) {
        const metadata = getOAuthProtectedResourceMetadataUrl(mcpUrl);
        const challenge = `Bearer error="insufficient_scope", scope="mcp:tools ${stepUp}", resource_metadata="${metadata}"`;
        res.status(403).set('WWW-Authenticate', challenge).json({ error: 'insufficient_scope' });
        return;
      }
    }
    const mcp = new McpServer({ name: 'oauth-test', version: '1.0.0' });
    mcp.registerTool('whoami', { description: 'Who the token belongs to' }, async (extra) => ({
      content: [{ type: 'text', text: `client ${extra.authInfo?.clientId ?? 'unknown'}` }],
    }));
    if (stepUp)
      mcp.registerTool('publish', { description: `Needs the ${stepUp} scope` }, async () => ({
        content: [{ type: 'text', text: 'published' }],
      }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => void transport.close());
    await mcp.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  return {
    url: mcpUrl.href,
    provider,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
