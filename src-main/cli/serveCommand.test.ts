import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { serve } from './serveCommand';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** serve's io in this process: its own home and folder, stdout and stderr kept as text. */
async function io() {
  const home = await mkdtemp(join(tmpdir(), 'caduceus-serve-home-'));
  const cwd = await mkdtemp(join(tmpdir(), 'caduceus-serve-ws-'));
  cleanups.push(
    () => rm(home, { recursive: true, force: true }),
    () => rm(cwd, { recursive: true, force: true }),
  );
  const out = { stdout: '', stderr: '' };
  const stdout = new PassThrough().setEncoding('utf8').on('data', (c: string) => (out.stdout += c));
  const stderr = new PassThrough().setEncoding('utf8').on('data', (c: string) => (out.stderr += c));
  // No session bus: the key store is a file, and nothing waits on a keychain.
  const env = { ...process.env, CADUCEUS_HOME: home, DBUS_SESSION_BUS_ADDRESS: '' };
  return { io: { stdout, stderr, stdin: new PassThrough(), env, cwd }, out };
}

async function squat(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { server, port: (server.address() as { port: number }).port };
}

describe('caduceus serve', () => {
  it('serves until stopped, then closes its port', async () => {
    const { io: served, out } = await io();
    const stop = new AbortController();
    const running = serve([], served, stop.signal);
    await expect.poll(() => out.stdout, { timeout: 20_000 }).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
    const port = Number(new URL(out.stdout.trim()).port);
    stop.abort();
    expect(await running).toBe(0);
    const refused = await new Promise<string>((resolve) => {
      const probe = createServer().once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? ''));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve('free')));
    });
    expect(refused).toBe('free');
  });

  it('stopped while it starts, serves nothing and prints no URL', async () => {
    const { io: served, out } = await io();
    const stop = new AbortController();
    stop.abort();
    expect(await serve([], served, stop.signal)).toBe(0);
    expect(out.stdout).toBe('');
    expect(out.stderr).not.toMatch(/serving the UI/);
  });

  it('names a port it was given that is taken, and how to go on', async () => {
    const { port } = await squat();
    const { io: served, out } = await io();
    await expect(serve(['--port', String(port)], served, new AbortController().signal)).rejects.toThrow(
      `port ${port} is in use on 127.0.0.1: pick another with --port, or leave --port out`,
    );
    expect(out.stdout).toBe('');
  });
});
