import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { createWsTransport } from './wsTransport';

// Runs under Node (global WebSocket) against a real `ws` server speaking wire.ts.
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.unstubAllGlobals();
});

interface Message {
  id?: number;
  name: string;
  payload: unknown;
}

/** A server that answers each request with its payload, and says hello on each new socket. */
async function startServer(): Promise<{ port: number; connections: () => number; received: Message[] }> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const sockets: ServerSocket[] = [];
  const received: Message[] = [];
  wss.on('connection', (ws) => {
    sockets.push(ws);
    ws.send(JSON.stringify({ type: 'event', name: 'sessions.state', payload: { hello: true } }));
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as Message;
      received.push(message);
      if (message.id !== undefined)
        ws.send(
          JSON.stringify({ type: 'reply', id: message.id, reply: { ok: true, value: message.payload } }),
        );
    });
  });
  cleanups.push(() => {
    sockets.forEach((s) => s.terminate());
    return new Promise<void>((resolve) => wss.close(() => resolve()));
  });
  return { port: (wss.address() as { port: number }).port, connections: () => sockets.length, received };
}

/** A fresh copy of the module, on a page served from `port`. */
async function earlyModule(port: number) {
  vi.stubGlobal('location', { search: '?token=t', protocol: 'http:', host: `127.0.0.1:${port}` });
  vi.resetModules();
  return import('./earlyConnection');
}

describe('the early connection', () => {
  it('sends the first request before the app, and hands the socket to the transport', async () => {
    const server = await startServer();
    const early = await earlyModule(server.port);
    early.sendEarly('sessions.list', { limit: 50 });
    const reply = early.earlyReply('sessions.list', { limit: 50 });
    expect(await reply).toEqual({ ok: true, value: { limit: 50 } });
    expect(server.received).toEqual([
      { type: 'request', id: -1, name: 'sessions.list', payload: { limit: 50 } },
    ]);
    // Another input was not asked early; the one asked is taken once.
    expect(early.earlyReply('sessions.list', { limit: 10 })).toBeUndefined();
    expect(await early.takeEarlyReply('sessions.list', { limit: 50 })).toEqual(await reply);
    expect(early.takeEarlyReply('sessions.list', { limit: 50 })).toBeUndefined();

    const adopted = early.takeEarlySocket();
    expect(adopted?.received.map((m) => JSON.parse(m) as { type: string })).toEqual([
      expect.objectContaining({ type: 'event' }),
      expect.objectContaining({ type: 'reply', id: -1 }),
    ]);
    const transport = createWsTransport({ url: early.serveSocketUrl(), adopt: adopted });
    cleanups.push(() => transport.close());
    // Open already: the transport's requests go out on the same socket at once.
    expect(transport.state()).toEqual({ status: 'open' });
    expect(await transport.bridge.appInfo({})).toEqual({ ok: true, value: {} });
    expect(server.connections()).toBe(1);
    expect(early.takeEarlySocket()).toBeUndefined();
  });

  it('lets the transport take a socket still connecting, and answer what it queued', async () => {
    const server = await startServer();
    const early = await earlyModule(server.port);
    early.sendEarly('sessions.list', { limit: 50 });
    const transport = createWsTransport({ url: early.serveSocketUrl(), adopt: early.takeEarlySocket() });
    cleanups.push(() => transport.close());
    expect(transport.state().status).toBe('connecting');
    expect(await transport.bridge.appInfo({})).toEqual({ ok: true, value: {} });
    expect(await early.earlyReply('sessions.list', { limit: 50 })).toEqual({
      ok: true,
      value: { limit: 50 },
    });
    expect(server.connections()).toBe(1);
  });

  it('answers "disconnected" when the socket fails, and leaves the transport to connect itself', async () => {
    const server = await startServer();
    const port = server.port;
    await cleanups.pop()?.();
    const early = await earlyModule(port);
    early.sendEarly('sessions.list', { limit: 50 });
    await early.earlySent(5_000);
    expect(await early.earlyReply('sessions.list', { limit: 50 })).toMatchObject({
      ok: false,
      error: { code: 'disconnected' },
    });
    expect(early.takeEarlySocket()).toBeUndefined();
  });

  it('asks through the preload bridge inside Electron', async () => {
    vi.resetModules();
    const sessionsList = vi.fn(async (input: unknown) => ({ ok: true as const, value: input }));
    vi.stubGlobal('caduceus', { sessionsList });
    const early = await import('./earlyConnection');
    early.sendEarly('sessions.list', { limit: 50 });
    expect(sessionsList).toHaveBeenCalledWith({ limit: 50 });
    expect(await early.takeEarlyReply('sessions.list', { limit: 50 })).toEqual({
      ok: true,
      value: { limit: 50 },
    });
    expect(early.takeEarlySocket()).toBeUndefined();
  });
});
