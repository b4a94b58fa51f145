import { requestMethodName } from '../../src-shared/ipc/bridge';
import type { Reply, RequestInput, RequestName, RequestOutput } from '../../src-shared/ipc/contract';
import { WS_PATH } from '../../src-shared/ipc/wsPath';

/*
 * The page's first requests, sent by its entry module (main.tsx) while the app's code is still
 * loading: through Electron's preload bridge, or on `caduceus serve`'s WebSocket, opened here and
 * then taken over by the transport (wsTransport.ts). Their replies wait here for the store that
 * asks for them. This module imports no zod and no React, so the entry stays small.
 */

interface Asked {
  key: string;
  reply: Promise<Reply<unknown>>;
  taken: boolean;
}

/** The socket opened here, and what it received before the transport took it. */
interface EarlySocket {
  socket: WebSocket;
  received: string[];
  /** It failed or closed; some implementations report a refused connection only through `error`. */
  failed: boolean;
}

/** The page's globals read here, typed so that the Node tests running this module need no DOM types. */
const page = globalThis as unknown as {
  location: { search: string; protocol: string; host: string };
  caduceus?: Record<string, ((input: unknown) => Promise<Reply<unknown>>) | undefined>;
};

const asked: Asked[] = [];
let early: EarlySocket | undefined;
/** Early requests have negative ids, so the transport's own (from 1) never meet them. */
let nextId = -1;

const keyOf = (name: string, input: unknown) => `${name} ${JSON.stringify(input)}`;
const lost: Reply<never> = {
  ok: false,
  error: { code: 'disconnected', message: 'The connection to Caduceus closed before it answered.' },
};

/** `caduceus serve`'s WebSocket for this page: its own host, with the token it was opened with. */
export function serveSocketUrl(): string {
  const { location } = page;
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${WS_PATH}?token=${encodeURIComponent(token)}`;
}

function openSocket(): EarlySocket {
  const socket = new WebSocket(serveSocketUrl());
  const opened: EarlySocket = { socket, received: [], failed: false };
  socket.onmessage = (event: MessageEvent) => {
    if (typeof event.data === 'string') opened.received.push(event.data);
  };
  const failed = () => {
    opened.failed = true;
  };
  socket.addEventListener('error', failed);
  socket.addEventListener('close', failed);
  return opened;
}

/** Sends `name` now, ahead of the app; `earlyReply` with the same input gives its answer. */
export function sendEarly<N extends RequestName>(name: N, input: RequestInput<N>): void {
  const bridge = page.caduceus;
  if (bridge) {
    const call = bridge[requestMethodName(name)];
    if (call) asked.push({ key: keyOf(name, input), reply: call(input), taken: false });
    return;
  }
  early ??= openSocket();
  const { socket } = early;
  const id = nextId--;
  const message = JSON.stringify({ type: 'request', id, name, payload: input });
  const reply = new Promise<Reply<unknown>>((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string' || !event.data.includes(`"id":${id}`)) return;
      const parsed = JSON.parse(event.data) as { type?: string; id?: number; reply?: Reply<unknown> };
      if (parsed.type !== 'reply' || parsed.id !== id || !parsed.reply) return;
      done();
      resolve(parsed.reply);
    };
    const onClose = () => {
      done();
      resolve(lost);
    };
    const done = () => {
      socket.removeEventListener('message', onMessage);
      socket.removeEventListener('error', onClose);
      socket.removeEventListener('close', onClose);
    };
    socket.addEventListener('message', onMessage);
    socket.addEventListener('error', onClose);
    socket.addEventListener('close', onClose);
  });
  if (socket.readyState === WebSocket.OPEN) socket.send(message);
  else socket.addEventListener('open', () => socket.send(message), { once: true });
  asked.push({ key: keyOf(name, input), reply, taken: false });
}

/**
 * Resolves once the early requests are on their way (the socket opened and sent them, or failed),
 * or after `limitMs`. A socket's open event waits for the page's main thread: code that keeps it
 * busy (evaluating the app) runs after this, or the requests would wait for it.
 */
export function earlySent(limitMs: number): Promise<void> {
  const socket = early?.socket;
  if (!socket || early?.failed || socket.readyState !== WebSocket.CONNECTING) return Promise.resolve();
  const events = ['open', 'error', 'close'] as const;
  return new Promise((resolve) => {
    const timer = setTimeout(done, limitMs);
    function done() {
      clearTimeout(timer);
      for (const name of events) socket?.removeEventListener(name, done);
      resolve();
    }
    for (const name of events) socket.addEventListener(name, done);
  });
}

/** The answer to a request sent early with exactly this input, if there was one. */
export function earlyReply<N extends RequestName>(
  name: N,
  input: RequestInput<N>,
): Promise<Reply<RequestOutput<N>>> | undefined {
  return asked.find((a) => a.key === keyOf(name, input))?.reply as Promise<Reply<RequestOutput<N>>>;
}

/** Like `earlyReply`, once: a later load of the same data asks again. */
export function takeEarlyReply<N extends RequestName>(
  name: N,
  input: RequestInput<N>,
): Promise<Reply<RequestOutput<N>>> | undefined {
  const found = asked.find((a) => a.key === keyOf(name, input) && !a.taken);
  if (!found) return undefined;
  found.taken = true;
  return found.reply as Promise<Reply<RequestOutput<N>>>;
}

/**
 * The socket opened early, unless it already failed, with the messages it received so far; once.
 * The taker handles its messages from then on.
 */
export function takeEarlySocket(): EarlySocket | undefined {
  const taken = early;
  early = undefined;
  if (!taken) return undefined;
  taken.socket.onmessage = null;
  return !taken.failed && taken.socket.readyState <= WebSocket.OPEN ? taken : undefined;
}
