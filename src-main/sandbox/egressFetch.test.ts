import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressPolicy } from './egress';
import { guardedFetch, MAX_REDIRECTS } from './egressFetch';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function listen(handler: Handler): Promise<{ server: Server; port: number; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url} host=${req.headers.host}`);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

let listener: Awaited<ReturnType<typeof listen>>;
let allowed: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  listener = await listen((_req, res) => res.end('leaked'));
  allowed = await listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    if (url.pathname === '/redirect' && to) {
      res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: to });
      return void res.end();
    }
    if (url.pathname === '/loop') {
      res.writeHead(302, { location: '/loop' });
      return void res.end();
    }
    if (url.pathname === '/gzip') {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      return void res.end(gzipSync('unzipped text'));
    }
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => res.end(`${req.method} ${url.pathname} ${body}`));
  });
});

afterAll(async () => {
  for (const s of [listener, allowed]) {
    s.server.closeAllConnections();
    await new Promise<void>((resolve) => s.server.close(() => resolve()));
  }
});

const policy = () =>
  new EgressPolicy({
    allowedLocalHosts: () => [`127.0.0.1:${allowed.port}`, 'pinned.test'],
    resolve: async (host) => {
      if (host === 'pinned.test') return [{ address: '127.0.0.1', family: 4 }];
      throw new Error(`ENOTFOUND ${host}`);
    },
  });
const fetchVia = (url: string, init: RequestInit = {}) => guardedFetch(url, init, { policy: policy() });
const local = (port: number, path: string) => `http://127.0.0.1:${port}${path}`;

describe('guardedFetch', () => {
  it('refuses a loopback listener that is not listed, which then sees no request', async () => {
    await expect(fetchVia(local(listener.port, '/secret'))).rejects.toThrow(
      /127\.0\.0\.1 is a loopback address/,
    );
    await expect(fetchVia(`http://localhost:${listener.port}/`)).rejects.toThrow(
      /could not be resolved|loopback/,
    );
    expect(listener.seen).toEqual([]);
  });

  it('re-checks every redirect: a listed host cannot send the fetch on to the listener', async () => {
    const before = allowed.seen.length;
    for (const status of [301, 302, 303, 307, 308]) {
      const to = encodeURIComponent(local(listener.port, '/via-redirect'));
      await expect(fetchVia(local(allowed.port, `/redirect?status=${status}&to=${to}`))).rejects.toThrow(
        /loopback/,
      );
    }
    expect(allowed.seen.length - before).toBe(5);
    expect(listener.seen).toEqual([]);
  });

  it('follows redirects between allowed places and reports the final URL', async () => {
    const to = encodeURIComponent('/final');
    const response = await fetchVia(local(allowed.port, `/redirect?to=${to}`));
    expect(await response.text()).toBe('GET /final ');
    expect(response.url).toBe(local(allowed.port, '/final'));
  });

  it('turns a POST into a GET on 303 and keeps it on 307', async () => {
    const post = { method: 'POST', body: 'payload' };
    const see = await fetchVia(local(allowed.port, `/redirect?status=303&to=%2Fa`), post);
    expect(await see.text()).toBe('GET /a ');
    const keep = await fetchVia(local(allowed.port, `/redirect?status=307&to=%2Fb`), post);
    expect(await keep.text()).toBe('POST /b payload');
  });

  it('stops after a bounded number of redirects', async () => {
    await expect(fetchVia(local(allowed.port, '/loop'))).rejects.toThrow(
      `More than ${MAX_REDIRECTS} redirects`,
    );
  });

  it('connects to the address it checked, not to a second lookup of the name', async () => {
    // The system resolver knows nothing of pinned.test: only the checked address can be reached.
    const response = await fetchVia(`http://pinned.test:${allowed.port}/pinned`);
    expect(await response.text()).toBe('GET /pinned ');
    expect(allowed.seen.at(-1)).toBe(`GET /pinned host=pinned.test:${allowed.port}`);
  });

  it('decodes compressed bodies', async () => {
    const response = await fetchVia(local(allowed.port, '/gzip'));
    expect(await response.text()).toBe('unzipped text');
    expect(response.headers.get('content-encoding')).toBeNull();
  });
});
