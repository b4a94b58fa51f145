import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressPolicy } from './egress';
import { startEgressProxy, type EgressProxy } from './egressProxy';

let listener: Server;
let allowed: Server;
let proxy: EgressProxy;
const leaks: string[] = [];
let listenerPort = 0;
let allowedPort = 0;

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  listener = createServer((_req, res) => res.end('leaked'));
  listener.on('connection', () => leaks.push('tcp'));
  allowed = createServer((req, res) => res.end(`allowed ${req.url ?? ''} host=${req.headers.host ?? ''}`));
  listenerPort = await listen(listener);
  allowedPort = await listen(allowed);
  const policy = new EgressPolicy({ allowedLocalHosts: () => [`127.0.0.1:${allowedPort}`] });
  proxy = await startEgressProxy(policy);
});

afterAll(async () => {
  await proxy.close();
  for (const server of [listener, allowed]) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

const proxyPort = () => Number(new URL(proxy.url).port);

/** A plain request in absolute form, as a browser sends http:// through a proxy. */
function viaProxy(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: proxyPort(), path: url, headers: { host: new URL(url).host } },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The proxy's answer to a CONNECT, and what came back through the tunnel for a GET. */
function tunnel(authority: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(proxyPort(), '127.0.0.1', () => {
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`);
    });
    let seen = '';
    socket.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.startsWith('HTTP/1.1 200') && !seen.includes('GET-SENT') && seen.endsWith('\r\n\r\n')) {
        seen += 'GET-SENT\n';
        socket.write(`GET /tunnelled HTTP/1.1\r\nHost: ${authority}\r\nConnection: close\r\n\r\n`);
      }
    });
    socket.on('end', () => resolve(seen));
    socket.on('error', reject);
  });
}

describe('the egress proxy', () => {
  it('refuses plain requests and tunnels to a loopback listener, which sees no connection', async () => {
    const plain = await viaProxy(`http://127.0.0.1:${listenerPort}/x`);
    expect(plain.status).toBe(403);
    expect(plain.body).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(await tunnel(`127.0.0.1:${listenerPort}`)).toMatch(/^HTTP\/1\.1 403/);
    expect(await tunnel(`[::ffff:127.0.0.1]:${listenerPort}`)).toMatch(/^HTTP\/1\.1 403/);
    expect(await tunnel(`localhost:${listenerPort}`)).toMatch(/^HTTP\/1\.1 403/);
    expect(leaks).toEqual([]);
  });

  it('forwards to and tunnels through to a listed host', async () => {
    const plain = await viaProxy(`http://127.0.0.1:${allowedPort}/page`);
    expect(plain).toEqual({ status: 200, body: `allowed /page host=127.0.0.1:${allowedPort}` });
    const through = await tunnel(`127.0.0.1:${allowedPort}`);
    expect(through).toMatch(/^HTTP\/1\.1 200 Connection Established/);
    expect(through).toContain('allowed /tunnelled');
  });
});
