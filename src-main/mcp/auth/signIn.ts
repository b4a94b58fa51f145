import type { McpOAuthConfig } from '../../config/schema';
import type { UrlOpener } from './browser';
import type { McpCredentials } from './credentials';
import { startLoopbackReceiver, type LoopbackReceiver } from './loopback';

/** Present while a person is signing in: where to show the page and where the redirect lands. */
export interface SignInInteraction {
  opener: UrlOpener;
  receiver: LoopbackReceiver;
  signal?: AbortSignal;
}

/**
 * Starts a browser sign-in: the one-shot receiver on 127.0.0.1 that the redirect returns to,
 * on `oauth.redirect_port` when set, else on the port of the registered redirect URI when it is
 * free. The caller closes `receiver` when the sign-in is over.
 */
export async function startSignIn(
  credentials: McpCredentials,
  oauth: McpOAuthConfig,
  opener: UrlOpener,
  signal?: AbortSignal,
): Promise<SignInInteraction> {
  const fixed = oauth.redirect_port;
  const receiver = await startLoopbackReceiver(fixed ?? credentials.redirectPort(), fixed !== undefined);
  return { opener, receiver, ...(signal ? { signal } : {}) };
}
