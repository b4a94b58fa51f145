import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { createWsTransport, type ConnectionState, type WsTransport } from './wsTransport';

// Runs under Node (global WebSocket) against a real `ws` server speaking wire.ts.
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Server {
  url: string;
  sockets: ServerSocket[];
  received: { id?: number; name: string; payload: unknown }[];
  connected(): Promise<ServerSocket>;
  port: number;
  stop(): Promise<void>;
}

async function startServer(port = 0, answer = true): Promise<Server> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const sockets: ServerSocket[] = [];
  const received: Server['received'] = [];
  const waiters: ((ws: ServerSocket) => void)[] = [];
  wss.on('connection', (ws) => {
    sockets.push(ws);
    waiters.shift()?.(ws);
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id?: number; name: string; payload: unknown };
      received.push(message);
      if (answer && message.id !== undefined)
        ws.send(
          JSON.stringify({ type: 'reply', id: message.id, reply: { ok: true, value: message.payload } }),
        );
    });
  });
  const stop = () => {
    sockets.forEach((s) => s.terminate());
    return new Promise<void>((resolve) => wss.close(() => resolve()));
  };
  cleanups.push(stop);
  const actual = (wss.address() as { port: number }).port;
  return {
    url: `ws://127.0.0.1:${actual}/ws?token=t`,
    port: actual,
    sockets,
    received,
    connected: () => new Promise((resolve) => waiters.push(resolve)),
    stop,
  };
}

function open(url: string, states: ConnectionState[] = []): WsTransport {
  const transport = createWsTransport({
    url,
    initialDelayMs: 20,
    maxDelayMs: 100,
    onState: (s) => states.push(s),
  });
  cleanups.push(() => transport.close());
  return transport;
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
};

describe('WebSocket transport', () => {
  it('sends requests made while connecting once the socket opens, and matches replies by id', async () => {
    const server = await startServer();
    const { bridge } = open(server.url);
    const [a, b] = await Promise.all([
      bridge.allowlistAdd({ key: 'rm -r' }),
      bridge.sessionsList({ query: 'x' }),
    ]);
    expect(a).toEqual({ ok: true, value: { key: 'rm -r' } });
    expect(b).toEqual({ ok: true, value: { query: 'x' } });
    expect(server.received.map((m) => m.name)).toEqual(['allowlist.add', 'sessions.list']);
  });

  it('sends terminal acknowledgements as notifications, without an id or a reply to wait for', async () => {
    const server = await startServer();
    const { bridge } = open(server.url);
    expect(await bridge.terminalAck({ streamId: 's', chars: 5000 })).toEqual({
      ok: true,
      value: { ok: true },
    });
    await bridge.appInfo({});
    expect(server.received).toEqual([
      { type: 'request', name: 'terminal.ack', payload: { streamId: 's', chars: 5000 } },
      { type: 'request', id: 1, name: 'app.info', payload: {} },
    ]);
  });

  it('delivers events to their listeners until they unsubscribe', async () => {
    const server = await startServer();
    const transport = open(server.url);
    const socket = server.connected();
    const seen: string[] = [];
    const off = transport.bridge.onTerminalData((p) => seen.push(p.data));
    transport.bridge.onSettingsChanged(() => seen.push('settings'));
    const ws = await socket;
    await until(() => transport.state().status === 'open');
    const send = (name: string, payload: unknown) =>
      ws.send(JSON.stringify({ type: 'event', name, payload }));
    send('terminal.data', { streamId: 's', data: 'one' });
    send('settings.changed', {});
    await until(() => seen.length === 2);
    off();
    send('terminal.data', { streamId: 's', data: 'two' });
    send('settings.changed', {});
    await until(() => seen.length === 3);
    expect(seen).toEqual(['one', 'settings', 'settings']);
  });

  it('fails in-flight requests when the socket drops, then reconnects with backoff', async () => {
    const server = await startServer(0, false);
    const states: ConnectionState[] = [];
    const transport = open(server.url, states);
    const first = server.connected();
    const pending = transport.bridge.appInfo({});
    await until(() => server.received.length === 1);
    const second = server.connected();
    (await first).terminate();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'disconnected' } });
    await second;
    await until(() => transport.state().status === 'open');
    expect(states.map((s) => s.status)).toEqual(['connecting', 'open', 'closed', 'connecting', 'open']);
  });

  it('keeps retrying while the server is down and answers requests once it is back', async () => {
    const server = await startServer();
    const transport = open(server.url);
    await until(() => transport.state().status === 'open');
    await server.stop();
    await until(() => {
      const state = transport.state();
      return state.status === 'closed' && state.attempt >= 3;
    });
    expect(await transport.bridge.appInfo({})).toMatchObject({ ok: false, error: { code: 'disconnected' } });
    await startServer(server.port);
    await until(() => transport.state().status === 'open');
    expect(await transport.bridge.appInfo({})).toEqual({ ok: true, value: {} });
  });

  it('reconnects at once when asked to, however long the backoff still has to run', async () => {
    const server = await startServer();
    // A backoff far longer than the test may run: only retryNow brings the socket back.
    const transport = createWsTransport({ url: server.url, initialDelayMs: 600_000, maxDelayMs: 600_000 });
    cleanups.push(() => transport.close());
    await until(() => transport.state().status === 'open');
    await server.stop();
    await until(() => transport.state().status === 'closed');
    transport.retryNow();
    await until(() => transport.state().status === 'closed');
    await startServer(server.port);
    transport.retryNow();
    await until(() => transport.state().status === 'open');
    expect(await transport.bridge.appInfo({})).toEqual({ ok: true, value: {} });
  });
});
