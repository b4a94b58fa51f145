import type { Protocol } from 'electron';
import { readStatic } from '../serve/staticFiles';

/** The renderer is served from app://caduceus/, a standard secure origin of our own. */
export const APP_SCHEME = 'app';
export const APP_URL = `${APP_SCHEME}://caduceus/index.html`;

/** Must run before the app is ready. */
export function declareAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Serves the built renderer folder; anything outside it, or another host, is a 404. */
export function serveAppProtocol(protocol: Pick<Protocol, 'handle'>, root: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const file = url.host === 'caduceus' ? await readStatic(root, url.pathname) : undefined;
    if (!file) return new Response('Not found', { status: 404 });
    return new Response(new Uint8Array(file.body), { headers: { 'content-type': file.type } });
  });
}
