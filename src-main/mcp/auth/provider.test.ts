import { describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../handlers/settings';
import { McpCredentials, credentialSecretName } from './credentials';
import { McpOAuthProvider, NeedsSignInError } from './provider';
import type { LoopbackReceiver } from './loopback';

const URL_A = 'https://a.example/mcp';
const tokens = { access_token: 'tok-a', token_type: 'bearer', refresh_token: 'ref-a' };

function receiver(port: number): LoopbackReceiver {
  return {
    redirectUrl: `http://127.0.0.1:${port}/callback`,
    waitForCode: async () => 'code',
    close: async () => undefined,
  };
}

describe('MCP OAuth provider storage', () => {
  it('keeps tokens and the registered client in one secret per server', async () => {
    const secrets = new MemorySecretStore();
    const provider = new McpOAuthProvider(new McpCredentials(secrets, 'a', URL_A), {});
    provider.interaction = { opener: async () => undefined, receiver: receiver(4000) };
    await provider.saveTokens(tokens);
    await provider.saveClientInformation({
      client_id: 'c1',
      redirect_uris: ['http://127.0.0.1:4000/callback'],
    });
    expect(JSON.parse(secrets.get(credentialSecretName('a')) ?? '{}')).toMatchObject({
      serverUrl: URL_A,
      tokens,
    });
    expect(provider.tokens()).toEqual(tokens);
    expect(provider.clientInformation()).toMatchObject({ client_id: 'c1' });
    await provider.invalidateCredentials('tokens');
    expect(provider.tokens()).toBeUndefined();
    expect(provider.clientInformation()).toMatchObject({ client_id: 'c1' });
  });

  it('does not hand credentials issued for one URL to another', async () => {
    const secrets = new MemorySecretStore();
    await new McpCredentials(secrets, 'a', URL_A).saveTokens(tokens);
    const moved = new McpCredentials(secrets, 'a', 'https://evil.example/mcp');
    expect(moved.tokens()).toBeUndefined();
  });

  it('registers again when the loopback port differs from the registered redirect URI', async () => {
    const secrets = new MemorySecretStore();
    const credentials = new McpCredentials(secrets, 'a', URL_A);
    await credentials.saveTokens(tokens);
    await credentials.saveClient({ client_id: 'c1', redirect_uris: ['http://127.0.0.1:4000/callback'] });
    expect(credentials.redirectPort()).toBe(4000);
    const provider = new McpOAuthProvider(credentials, {});
    provider.interaction = { opener: async () => undefined, receiver: receiver(5000) };
    expect(provider.clientInformation()).toBeUndefined();
  });

  it('without a person, asks for sign-in instead of starting a flow nobody can finish', async () => {
    const provider = new McpOAuthProvider(new McpCredentials(new MemorySecretStore(), 'a', URL_A), {});
    expect(() => provider.clientInformation()).toThrow(NeedsSignInError);
    provider.state();
    await expect(provider.redirectToAuthorization(new URL('https://as.example/authorize'))).rejects.toThrow(
      'sign-in required',
    );
  });

  it('uses a pre-registered client id with the secret from the secret store', async () => {
    const secrets = new MemorySecretStore();
    const credentials = new McpCredentials(secrets, 'a', URL_A);
    await credentials.saveClientSecret('s3cret');
    await credentials.saveTokens(tokens);
    const provider = new McpOAuthProvider(credentials, { client_id: 'pre' });
    expect(provider.clientInformation()).toEqual({ client_id: 'pre', client_secret: 's3cret' });
    await credentials.clear();
    expect(credentials.tokens()).toBeUndefined();
    expect(credentials.clientSecret()).toBe('s3cret');
  });
});
