import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const PAGE = (message: string) =>
  `<!doctype html><meta charset="utf-8"><title>Caduceus</title><p>${message}</p>`;

/** A one-shot HTTP server on 127.0.0.1 that receives the OAuth redirect (RFC 8252 §7.3). */
export interface LoopbackReceiver {
  readonly redirectUrl: string;
  /** Resolves with the authorization code of the redirect that carries `state`. */
  waitForCode(state: string, signal?: AbortSignal): Promise<string>;
  close(): Promise<void>;
}

/**
 * Listens on `preferredPort` when it is free (a registered redirect URI keeps working), else
 * on any port — unless `exact`, for a client registered with that one port only.
 */
export async function startLoopbackReceiver(preferredPort = 0, exact = false): Promise<LoopbackReceiver> {
  const waiters = new Map<string, { resolve: (code: string) => void; reject: (err: Error) => void }>();
  const early = new Map<string, URLSearchParams>();
  const settle = (params: URLSearchParams) => {
    const state = params.get('state') ?? '';
    const waiter = waiters.get(state);
    // A redirect may beat waitForCode by a moment; anything else on this port is dropped.
    if (!waiter) {
      if (early.size < 4) early.set(state, params);
      return;
    }
    waiters.delete(state);
    const code = params.get('code');
    const error = params.get('error');
    if (code) waiter.resolve(code);
    else
      waiter.reject(
        new Error(`sign-in failed: ${error ?? 'no code'} ${params.get('error_description') ?? ''}`.trim()),
      );
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      res.writeHead(404).end();
      return;
    }
    const ok = url.searchParams.has('code');
    res.writeHead(ok ? 200 : 400, { 'content-type': 'text/html; charset=utf-8', connection: 'close' });
    res.end(PAGE(ok ? 'Signed in. You can close this window and return to Caduceus.' : 'Sign-in failed.'));
    settle(url.searchParams);
  });
  const port = await listen(server, preferredPort).catch((err: Error) => {
    if (exact) throw new Error(`cannot receive the sign-in on port ${preferredPort}: ${err.message}`);
    return listen(server, 0);
  });

  return {
    redirectUrl: `http://127.0.0.1:${port}/callback`,
    waitForCode(state, signal) {
      return new Promise<string>((resolve, reject) => {
        waiters.set(state, { resolve, reject });
        signal?.addEventListener('abort', () => {
          waiters.delete(state);
          reject(new Error('sign-in was cancelled'));
        });
        const arrived = early.get(state);
        if (arrived) {
          early.delete(state);
          settle(arrived);
        }
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
