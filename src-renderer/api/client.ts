import { create } from 'zustand';
import { eventMethodName, type CaduceusBridge } from '../../src-shared/ipc/bridge';
import type { EventName, EventPayload } from '../../src-shared/ipc/contract';
import { serveSocketUrl, takeEarlySocket } from './earlyConnection';
import { createWsTransport, type ConnectionState, type WsTransport } from './wsTransport';

export { errorMessage, unwrap } from './reply';
export type { ConnectionState } from './wsTransport';

/**
 * The one way the UI reaches main: the preload bridge inside Electron, otherwise the WebSocket
 * of `caduceus serve` at the page's own host, with the token the page was opened with.
 */
let bridge: CaduceusBridge | undefined;
let transport: WsTransport | undefined;
const openListeners = new Set<() => void>();

interface ConnectionStore {
  state: ConnectionState;
  retryNow(): void;
}

export const useConnection = create<ConnectionStore>(() => ({
  state: { status: 'connecting', attempt: 0 },
  retryNow: () => transport?.retryNow(),
}));

function setConnection(state: ConnectionState): void {
  useConnection.setState({ state });
  if (state.status === 'open') for (const listener of openListeners) listener();
}

/** True inside Electron, where main raises approvals as native dialogs. */
export function hasNativeBridge(): boolean {
  return typeof window !== 'undefined' && window.caduceus !== undefined;
}

export function api(): CaduceusBridge {
  if (bridge) return bridge;
  if (window.caduceus) {
    bridge = window.caduceus;
    queueMicrotask(() => setConnection({ status: 'open' }));
    return bridge;
  }
  transport = createWsTransport({
    url: serveSocketUrl(),
    // The entry module may have opened the socket already, for the page's first requests.
    adopt: takeEarlySocket(),
    onState: setConnection,
    // The page itself is served only with the right token: 403 there means this tab's is stale.
    credentialsRefused: async () => {
      try {
        return (await fetch(location.href, { method: 'GET', cache: 'no-store' })).status === 403;
      } catch {
        return false;
      }
    },
  });
  bridge = transport.bridge;
  return bridge;
}

/** Uses the given bridge instead of picking one (tests, or an embedding page). */
export function setBridge(next: CaduceusBridge): void {
  bridge = next;
}

/** Runs the listener each time the connection opens: first load, and reload after a reconnect. */
export function onConnectionOpen(listener: () => void): () => void {
  openListeners.add(listener);
  if (useConnection.getState().state.status === 'open') listener();
  return () => void openListeners.delete(listener);
}

type Listen = (listener: (payload: unknown) => void) => () => void;

/** Listens to a contract event by its name; returns the unsubscribe. */
export function onEvent<N extends EventName>(
  name: N,
  listener: (payload: EventPayload<N>) => void,
): () => void {
  const listen = (api() as unknown as Record<string, Listen>)[eventMethodName(name)];
  if (!listen) throw new Error(`The bridge has no listener for ${name}`);
  return listen(listener as (payload: unknown) => void);
}
