import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { ClientMessageSchema, WS_PATH, type ServerMessage } from '../../src-shared/ipc/wire';
import type { EventBus } from '../contract/eventBus';
import type { Invoke } from '../contract/router';
import { decodePath, parseTarget } from './requestTarget';
import { readStatic } from './staticFiles';

/**
 * Largest message a page may send; a bigger frame closes that socket with 1009. Room for a
 * message with its pasted files (MAX_TOTAL_BYTES in src-shared/fileLimits.ts, as base64).
 */
export const MAX_PAYLOAD = 34 << 20;

export interface HostOptions {
  invoke: Invoke;
  events: EventBus;
  /** Folder of the built renderer (index.html and assets). */
  staticRoot: string;
  port?: number;
  /** `port` is only a preference: when it is taken, another free port is used. */
  preferredPort?: boolean;
  token?: string;
}

export interface Host {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

/** Content-Security-Policy of the served UI: our own code only, WebSocket back to us. */
function csp(port: number): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `connect-src 'self' ws://127.0.0.1:${port}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Built assets carry a hash of their content in their name (index-3fa9c2.js): a name never changes meaning. */
const HASHED_ASSET = /^\/?assets\/[^/]+-[A-Za-z0-9_-]{8}\.(?:js|css)$/;

/**
 * The page itself is never kept (it is served only with the token); hashed assets are kept for
 * good, so a reload reads them, and the compiled code Chromium keeps with them, from its cache.
 */
function cacheControl(path: string): string {
  return HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-store';
}

/**
 * `caduceus serve`: the contract over a WebSocket on 127.0.0.1, behind a random token, for a
 * browser on the same machine. Foreign origins and hosts are refused (DNS rebinding).
 */
export async function startHost(options: HostOptions): Promise<Host> {
  const token = options.token ?? randomBytes(24).toString('hex');
  const sockets = new Set<WebSocket>();
  let port = 0;

  const allowedHost = () => [`127.0.0.1:${port}`, `localhost:${port}`];
  const tokenOk = (given: string | null) => {
    if (!given) return false;
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  };

  async function serveFile(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = parseTarget(req.url);
    if (!allowedHost().includes(req.headers.host ?? '') || req.method !== 'GET') {
      res.writeHead(403).end('Forbidden');
      return;
    }
    const isPage = url?.pathname === '/' || url?.pathname === '/index.html';
    const path = isPage ? 'index.html' : url && decodePath(url.pathname);
    if (!url || path === undefined) {
      res.writeHead(400).end('Bad request');
      return;
    }
    if (isPage && !tokenOk(url.searchParams.get('token'))) {
      res
        .writeHead(403, { 'content-type': 'text/plain' })
        .end('Open the URL printed by `caduceus serve`, with its token.');
      return;
    }
    const file = await readStatic(options.staticRoot, path);
    if (!file) {
      res.writeHead(404).end('Not found');
      return;
    }
    res.writeHead(200, {
      'content-type': file.type,
      'content-security-policy': csp(port),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': cacheControl(path),
    });
    res.end(file.body);
  }

  // Whatever a request carries, it is answered and the server goes on: nothing may escape.
  const server: Server = createServer((req, res) => {
    serveFile(req, res).catch(() => {
      if (res.headersSent) res.destroy();
      else res.writeHead(500).end('Internal error');
    });
  });
  // After listening, an error (a failed accept) concerns one connection, not the server.
  server.on('error', () => undefined);

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client may reset before the refusal is written; that must not reach the process.
    socket.on('error', () => socket.destroy());
    try {
      const url = parseTarget(req.url);
      if (!url) {
        socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
        return;
      }
      const origin = req.headers.origin ?? '';
      const originOk = allowedHost().some((h) => origin === `http://${h}`);
      if (
        url.pathname !== WS_PATH ||
        !tokenOk(url.searchParams.get('token')) ||
        !originOk ||
        !allowedHost().includes(req.headers.host ?? '')
      ) {
        socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    } catch {
      socket.destroy();
    }
  });

  let nextSocket = 1;
  wss.on('connection', (ws: WebSocket) => {
    sockets.add(ws);
    // Each socket is a consumer of its own: its acknowledgements count for it alone.
    const consumer = `ws-${nextSocket++}`;
    const unsubscribe = options.events.subscribe((name, payload) => {
      if (ws.readyState === ws.OPEN)
        ws.send(JSON.stringify({ type: 'event', name, payload } satisfies ServerMessage));
    }, consumer);
    // ws closes the socket itself (1009 for an oversized frame, 1002 for a protocol error).
    ws.on('error', () => undefined);
    ws.on('close', () => {
      sockets.delete(ws);
      unsubscribe();
    });
    ws.on('message', (data) => {
      answer(ws, data.toString(), consumer).catch(() => ws.terminate());
    });
  });

  async function answer(ws: WebSocket, text: string, consumer: string): Promise<void> {
    let message;
    try {
      message = ClientMessageSchema.parse(JSON.parse(text));
    } catch {
      ws.close(1008, 'malformed message');
      return;
    }
    const reply = await options.invoke(message.name, message.payload, { consumer });
    if (message.id !== undefined && ws.readyState === ws.OPEN)
      ws.send(JSON.stringify({ type: 'reply', id: message.id, reply } satisfies ServerMessage));
  }

  const listen = (at: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(at, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await listen(options.port ?? 0);
  } catch (err) {
    // A remembered port someone else took: any free one will do.
    if (!options.preferredPort || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    await listen(0);
  }
  port = (server.address() as AddressInfo).port;

  return {
    port,
    token,
    url: `http://127.0.0.1:${port}/?token=${token}`,
    async close() {
      for (const ws of sockets) ws.terminate();
      wss.close();
      const done = new Promise<void>((resolve) => server.close(() => resolve()));
      // close() waits for every connection to end, and a browser keeps some open that it may
      // never use (spare ones it opened ahead of need): serve would not stop until they timed out.
      server.closeAllConnections();
      await done;
    },
  };
}
