import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedModel } from '../src-main/agent/testing/scriptedModel';
import { MAX_PAYLOAD } from '../src-main/serve/server';
import { startServe, type Served } from './support/serve';
import { ServeSocket } from './support/serveSocket';

// Whatever a local page (or anything that guesses the port) sends, the real `caduceus serve`
// answers it and keeps serving. No token is needed to reach these paths.
let model: ScriptedModel;
let served: Served;
let dirs: string[] = [];

beforeAll(async () => {
  model = await ScriptedModel.start();
  dirs = [
    await mkdtemp(join(tmpdir(), 'caduceus-robust-home-')),
    await mkdtemp(join(tmpdir(), 'caduceus-robust-work-')),
  ];
  served = await startServe({ baseUrl: model.baseUrl, home: dirs[0] ?? '', cwd: dirs[1] ?? '' });
}, 60_000);

afterAll(async () => {
  await served?.stop();
  await model?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const page = () => new URL(served.url);

/** Sends one raw HTTP/1.1 request (the target exactly as given) and returns the status line. */
function raw(target: string, headers: Record<string, string> = {}): Promise<string> {
  const { hostname, port, host } = page();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
    const lines = Object.entries({ host, connection: 'close', ...headers }).map(([k, v]) => `${k}: ${v}`);
    socket.write(`GET ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
  });
}

async function stillServing(): Promise<void> {
  expect((await fetch(served.url)).status).toBe(200);
  const socket = await ServeSocket.open(served.url);
  expect(await socket.request('app.info')).toMatchObject({ ok: true });
  await socket.close();
}

describe('caduceus serve stays up', () => {
  it('answers malformed percent-encoding with 400', async () => {
    for (const target of ['/%', '/%c0%ae%c0%ae/etc/passwd', '/assets/%E0%A4%A', '/%00.js']) {
      expect(await raw(target), target).toMatch(/^HTTP\/1\.1 400/);
    }
    await stillServing();
  });

  it('answers request targets that are not a path with 400', async () => {
    for (const target of ['//', '//evil.example/x', 'http://[::1', '/?token=%', '*']) {
      expect(await raw(target), target).toMatch(/^HTTP\/1\.1 4\d\d/);
    }
    await stillServing();
  });

  it('refuses odd WebSocket upgrade requests without dying', async () => {
    const upgrade = {
      upgrade: 'websocket',
      connection: 'Upgrade',
      'sec-websocket-version': '13',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      origin: page().origin,
    };
    for (const target of ['//', '/ws?token=%', '/%', `/ws?token=${page().searchParams.get('token')}%`]) {
      expect(await raw(target, upgrade), target).toMatch(/^HTTP\/1\.1 4\d\d/);
    }
    await stillServing();
  });

  it('closes a socket that sends an oversized frame with 1009 and serves on', async () => {
    const socket = await ServeSocket.open(served.url);
    socket.ws.send('x'.repeat(MAX_PAYLOAD + 1));
    expect((await socket.closed).code).toBe(1009);
    await stillServing();
  });
});
