import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { EventBus } from '../contract/eventBus';
import { createRouter, type Caller, type Handlers } from '../contract/router';
import { MAX_PAYLOAD, startHost, type Host } from './server';

let root: string;
let host: Host;
const events = new EventBus();
const acked: { streamId: string; chars: number }[] = [];
const ackedBy: (string | undefined)[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'caduceus-host-'));
  await mkdir(join(root, 'assets'));
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Caduceus</title>');
  await writeFile(join(root, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(join(root, 'assets', 'app-Bx3_k9Qz.js'), 'console.log(2)');
  await writeFile(join(tmpdir(), 'caduceus-host-secret.txt'), 'secret');
  const handlers = {
    'app.info': () => ({ version: '1.2.3', mode: 'browser' }),
    'terminal.ack': (input: { streamId: string; chars: number }, caller: Caller) => {
      acked.push(input);
      ackedBy.push(caller.consumer);
      return { ok: true };
    },
  } as unknown as Handlers;
  host = await startHost({ invoke: createRouter(handlers), events, staticRoot: root });
});
afterAll(async () => {
  await host.close();
  await rm(root, { recursive: true, force: true });
  await rm(join(tmpdir(), 'caduceus-host-secret.txt'), { force: true });
});

const base = () => `http://127.0.0.1:${host.port}`;

function connect(opts: { token?: string; origin?: string } = {}): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ws?token=${opts.token ?? host.token}`, {
    headers: { origin: opts.origin ?? base() },
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

function nextMessage(ws: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(data.toString()))));
}

describe('caduceus serve host', () => {
  it('binds to loopback and prints a URL carrying its token', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}`);
    expect(host.token).toMatch(/^[0-9a-f]{48}$/);
  });

  it('serves the page only with the token, with a strict CSP', async () => {
    expect((await fetch(`${base()}/`)).status).toBe(403);
    expect((await fetch(`${base()}/?token=wrong`)).status).toBe(403);
    const page = await fetch(host.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Caduceus</title>');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await fetch(`${base()}/assets/app.js`)).headers.get('content-type')).toMatch(/javascript/);
  });

  it('lets the browser keep built assets named by their content, never the page', async () => {
    const cacheOf = async (path: string) => (await fetch(`${base()}${path}`)).headers.get('cache-control');
    expect(await cacheOf('/assets/app-Bx3_k9Qz.js')).toBe('public, max-age=31536000, immutable');
    expect(await cacheOf('/assets/app.js')).toBe('no-store');
    expect((await fetch(host.url)).headers.get('cache-control')).toBe('no-store');
  });

  it('refuses paths outside the renderer folder and foreign Host headers', async () => {
    expect((await fetch(`${base()}/..%2Fcaduceus-host-secret.txt`)).status).toBe(404);
    expect((await fetch(`${base()}/assets/../../caduceus-host-secret.txt`)).status).toBe(404);
    // fetch cannot set Host, so ask with http.request as a rebinding page's browser would.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(host.url, { headers: { host: `evil.example:${host.port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });

  it('answers contract requests over the WebSocket and pushes events', async () => {
    const ws = await connect();
    ws.send(JSON.stringify({ type: 'request', id: 1, name: 'app.info', payload: {} }));
    expect(await nextMessage(ws)).toEqual({
      type: 'reply',
      id: 1,
      reply: { ok: true, value: { version: '1.2.3', mode: 'browser' } },
    });
    ws.send(JSON.stringify({ type: 'request', id: 2, name: 'no.such', payload: {} }));
    expect(await nextMessage(ws)).toMatchObject({
      id: 2,
      reply: { ok: false, error: { code: 'unknown_request' } },
    });
    const event = nextMessage(ws);
    events.emit('terminal.exit', { streamId: 's', exitCode: 0 });
    expect(await event).toEqual({
      type: 'event',
      name: 'terminal.exit',
      payload: { streamId: 's', exitCode: 0 },
    });
    ws.close();
  });

  it('handles a request without an id as a notification: validated, run, never answered', async () => {
    const ws = await connect();
    const notify = (payload: unknown) =>
      ws.send(JSON.stringify({ type: 'request', name: 'terminal.ack', payload }));
    notify({ streamId: 's', chars: 'many' });
    notify({ streamId: 's', chars: 5000 });
    ws.send(JSON.stringify({ type: 'request', id: 3, name: 'app.info', payload: {} }));
    // Nothing answers the notifications: the first message back is the reply to id 3.
    expect(await nextMessage(ws)).toMatchObject({ type: 'reply', id: 3 });
    expect(acked).toEqual([{ streamId: 's', chars: 5000 }]);
    ws.close();
  });

  it('refuses sockets without the token or from another origin', async () => {
    await expect(connect({ token: 'nope' })).rejects.toThrow(/403/);
    await expect(connect({ origin: 'http://evil.example' })).rejects.toThrow(/403/);
  });

  it('makes each socket a consumer of its own, until it closes', async () => {
    const before = events.size;
    const [a, b] = await Promise.all([connect(), connect()]);
    expect(events.size).toBe(before + 2);
    const ids = [...events.ids()].slice(-2);
    for (const [i, ws] of [a, b].entries()) {
      ws.send(
        JSON.stringify({ type: 'request', name: 'terminal.ack', payload: { streamId: 's', chars: 1 } }),
      );
      ws.send(JSON.stringify({ type: 'request', id: 10 + i, name: 'app.info', payload: {} }));
      await nextMessage(ws);
    }
    expect(ackedBy.slice(-2)).toEqual(ids);
    const left = new Promise<string>((resolve) => {
      const stop = events.watch((id, joined) => {
        if (joined) return;
        stop();
        resolve(id);
      });
    });
    a.close();
    expect(await left).toBe(ids[0]);
    b.close();
  });

  it('answers malformed paths with 400 and serves on', async () => {
    expect((await fetch(`${base()}/%`)).status).toBe(400);
    expect((await fetch(`${base()}/assets/%c0%ae%c0%ae/x`)).status).toBe(400);
    expect((await fetch(host.url)).status).toBe(200);
  });

  it('closes a socket that sends an oversized frame with 1009', async () => {
    const ws = await connect();
    ws.on('error', () => undefined);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('x'.repeat(MAX_PAYLOAD + 1));
    expect(await closed).toBe(1009);
    expect((await fetch(host.url)).status).toBe(200);
  });

  it('closes a socket that sends malformed messages', async () => {
    const ws = await connect();
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('not json');
    expect(await closed).toBe(1008);
  });
});
