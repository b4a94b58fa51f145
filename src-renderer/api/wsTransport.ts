import { eventMethodName, requestMethodName, type CaduceusBridge } from '../../src-shared/ipc/bridge';
import type { Reply } from '../../src-shared/ipc/contract';
import { EVENT_NAMES, REQUEST_NAMES, type RequestName } from '../../src-shared/ipc/names';
import type { ClientMessage } from '../../src-shared/ipc/wire';
import { readServerMessage } from '../../src-shared/ipc/serverMessage';

export type ConnectionState =
  | { status: 'connecting'; attempt: number }
  | { status: 'open' }
  | { status: 'closed'; attempt: number; retryAt: number }
  /** The server answers but refuses this page's token (rotated with `--new-token`): retrying cannot help. */
  | { status: 'refused' };

export interface WsTransportOptions {
  url: string;
  /** First reconnect delay; doubles on each failed attempt up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  onState?: (state: ConnectionState) => void;
  /**
   * Asked after a connection fails before it opened: whether the server is up but refuses this
   * page's credentials. A WebSocket failure alone cannot tell that from a server that is down.
   */
  credentialsRefused?: () => Promise<boolean>;
  /**
   * A socket to `url` opened before the transport (earlyConnection.ts), with the messages it
   * received so far: used as the first connection instead of opening another.
   */
  adopt?: { socket: WebSocket; received: readonly string[] } | undefined;
}

export interface WsTransport {
  bridge: CaduceusBridge;
  state(): ConnectionState;
  /** Skips the remaining backoff and reconnects now. */
  retryNow(): void;
  close(): void;
}

type Listener = (payload: unknown) => void;

const lost = (message: string): Reply<never> => ({ ok: false, error: { code: 'disconnected', message } });

/**
 * Sent as notifications: terminal acknowledgements go out every few thousand characters, nobody
 * reads their reply (nor a view's), and each reply would cost the page a message while it is busiest.
 */
const NOTIFICATIONS: ReadonlySet<RequestName> = new Set(['terminal.ack', 'terminal.view']);
const SENT: Reply<unknown> = { ok: true, value: { ok: true } };

/**
 * The contract over `caduceus serve`'s WebSocket (wire.ts), shaped exactly like the preload
 * bridge. Requests made while a socket is connecting wait for it; requests made while
 * disconnected, and requests whose socket drops before the reply, fail with code "disconnected".
 */
export function createWsTransport(options: WsTransportOptions): WsTransport {
  const initialDelay = options.initialDelayMs ?? 250;
  const maxDelay = options.maxDelayMs ?? 5_000;
  const waiting = new Map<number, (reply: Reply<unknown>) => void>();
  const queued: ClientMessage[] = [];
  const listeners = new Map<string, Set<Listener>>();
  let socket: WebSocket | undefined;
  let state: ConnectionState = { status: 'connecting', attempt: 0 };
  let attempt = 0;
  let nextId = 1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const setState = (next: ConnectionState) => {
    state = next;
    options.onState?.(next);
  };

  function connect(adopted?: WsTransportOptions['adopt']): void {
    timer = undefined;
    setState({ status: 'connecting', attempt });
    const ws = adopted?.socket ?? new WebSocket(options.url);
    socket = ws;
    const opened = () => {
      attempt = 0;
      setState({ status: 'open' });
      for (const message of queued.splice(0)) ws.send(JSON.stringify(message));
    };
    ws.onopen = opened;
    ws.onmessage = (event: MessageEvent) => {
      if (typeof event.data === 'string') receive(event.data);
    };
    // Some WebSocket implementations report a refused connection only through `error`.
    ws.onerror = () => dropped(ws);
    ws.onclose = () => dropped(ws);
    for (const text of adopted?.received ?? []) receive(text);
    // An adopted socket may have opened already: its open event is past.
    if (ws.readyState === WebSocket.OPEN) opened();
  }

  function dropped(ws: WebSocket): void {
    if (socket !== ws) return;
    socket = undefined;
    const neverOpened = state.status === 'connecting';
    if (ws.readyState !== WebSocket.CLOSED) ws.close();
    queued.length = 0;
    for (const resolve of waiting.values())
      resolve(lost('The connection to Caduceus was lost before it answered.'));
    waiting.clear();
    if (closed) return;
    if (!neverOpened || !options.credentialsRefused) {
      scheduleReconnect();
      return;
    }
    void options.credentialsRefused().then(
      (refused) => {
        if (closed || socket) return;
        if (refused) setState({ status: 'refused' });
        else scheduleReconnect();
      },
      () => !closed && !socket && scheduleReconnect(),
    );
  }

  function scheduleReconnect(): void {
    const delay = Math.min(maxDelay, initialDelay * 2 ** attempt);
    attempt += 1;
    setState({ status: 'closed', attempt, retryAt: Date.now() + delay });
    timer = setTimeout(connect, delay);
  }

  function receive(text: string): void {
    let message;
    try {
      message = readServerMessage(JSON.parse(text));
    } catch {
      return;
    }
    if (!message) return;
    if (message.type === 'reply') {
      const resolve = waiting.get(message.id);
      waiting.delete(message.id);
      resolve?.(message.reply);
      return;
    }
    for (const listener of listeners.get(message.name) ?? []) {
      try {
        listener(message.payload);
      } catch (err) {
        // One failing listener must not keep the others from the event.
        console.error(err);
      }
    }
  }

  function request(name: RequestName, payload: unknown): Promise<Reply<unknown>> {
    const ws = socket;
    if (!ws || ws.readyState > WebSocket.OPEN) return Promise.resolve(lost('Not connected to Caduceus.'));
    if (NOTIFICATIONS.has(name)) return Promise.resolve(notify(ws, name, payload));
    const id = nextId++;
    const message: ClientMessage = { type: 'request', id, name, payload: payload ?? {} };
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
      else queued.push(message);
    });
  }

  function notify(ws: WebSocket, name: RequestName, payload: unknown): Reply<unknown> {
    const message: ClientMessage = { type: 'request', name, payload: payload ?? {} };
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
    else queued.push(message);
    return SENT;
  }

  function subscribe(name: string, listener: Listener): () => void {
    const set = listeners.get(name) ?? new Set<Listener>();
    listeners.set(name, set);
    set.add(listener);
    return () => void set.delete(listener);
  }

  // Built from the contract's name lists, like the preload, so both transports match by construction.
  const api: Record<string, unknown> = {};
  for (const name of REQUEST_NAMES) api[requestMethodName(name)] = (input: unknown) => request(name, input);
  for (const name of EVENT_NAMES) api[eventMethodName(name)] = (l: Listener) => subscribe(name, l);

  connect(options.adopt);

  return {
    bridge: api as CaduceusBridge,
    state: () => state,
    retryNow() {
      if (closed || (state.status !== 'closed' && state.status !== 'refused')) return;
      clearTimeout(timer);
      connect();
    },
    close() {
      closed = true;
      clearTimeout(timer);
      socket?.close();
    },
  };
}
