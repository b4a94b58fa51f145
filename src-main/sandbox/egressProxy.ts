/**
 * An HTTP proxy on 127.0.0.1 that the browser sends every request through (pages, subresources,
 * fetch, WebSockets; CONNECT for TLS). Each host is judged by the egress policy and the proxy
 * connects to the address judged; a refusal answers 403 and reaches nothing.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { EgressAsk, EgressPolicy } from './egress';
import { pinnedLookup } from './egressFetch';

export interface EgressProxy {
  /** `http://127.0.0.1:<port>`, for Chromium's --proxy-server. */
  url: string;
  close(): Promise<void>;
}

/** Headers that describe one hop, never forwarded. */
const HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
]);

/** `ask` answers for hosts not on the list (the browser has no person to ask mid-page). */
export async function startEgressProxy(policy: EgressPolicy, ask?: EgressAsk): Promise<EgressProxy> {
  const sockets = new Set<Duplex>();
  const track = (socket: Duplex) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const server = createServer((req, res) => void forward(req, res));
  server.on('connection', track);

  async function forward(req: IncomingMessage, res: ServerResponse) {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      return refuse(res, 'The proxy takes absolute http URLs only');
    }
    if (target.protocol !== 'http:') return refuse(res, `${target.protocol} is not proxied`);
    const decision = await policy.checkUrl(target, ask);
    if (!decision.allowed) return refuse(res, decision.reason);
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !HOP.has(name)));
    const upstream = httpRequest(
      target,
      { method: req.method, headers, lookup: pinnedLookup(decision), agent: false },
      (answer) => {
        const out = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP.has(name)));
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
        answer.pipe(res);
      },
    );
    upstream.on('error', () =>
      res.headersSent ? res.destroy() : refuse(res, 'The server could not be reached', 502),
    );
    req.pipe(upstream);
  }

  server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    track(client);
    void tunnel(req.url ?? '', client, head);
  });

  // A ws:// request in absolute form with an Upgrade header: judged like any other.
  server.on('upgrade', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    track(client);
    void upgrade(req, client, head);
  });

  async function tunnel(authority: string, client: Duplex, head: Buffer) {
    const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(authority);
    if (!match) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const host = match[1] ?? '';
    const port = Number(match[2]);
    const decision = await policy.check(host, port, authority, ask);
    if (!decision.allowed) {
      client.end(`HTTP/1.1 403 Forbidden\r\n\r\n`);
      return;
    }
    const upstream = connect({ host: decision.address, port, family: decision.family });
    track(upstream);
    upstream.once('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.once('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
    client.once('close', () => upstream.destroy());
  }

  async function upgrade(req: IncomingMessage, client: Duplex, head: Buffer) {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const decision = await policy.checkUrl(target, ask);
    if (!decision.allowed) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const port = Number(target.port || 80);
    const upstream: Socket = connect({ host: decision.address, port, family: decision.family });
    track(upstream);
    upstream.once('connect', () => {
      const lines = [`${req.method ?? 'GET'} ${target.pathname}${target.search} HTTP/1.1`];
      for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i] ?? '';
        if (!/^proxy-/i.test(name)) lines.push(`${name}: ${req.rawHeaders[i + 1] ?? ''}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.once('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
    client.once('close', () => upstream.destroy());
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function refuse(res: ServerResponse, reason: string, status = 403) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(`Refused by Caduceus: ${reason}\n`);
}
