import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { channelOf, type Reply } from '../../src-shared/ipc/contract';
import { REQUEST_NAMES } from '../../src-shared/ipc/names';
import type { EventBus, EventListener } from '../contract/eventBus';
import type { Invoke } from '../contract/router';

/** True when a message comes from our own window's top frame showing our own page. */
export type SenderCheck = (event: IpcMainInvokeEvent) => boolean;

export function trustedSender(appUrl: () => string | undefined, windows: () => WebContents[]): SenderCheck {
  return (event) => {
    const frame = event.senderFrame;
    if (!frame || frame.parent !== null) return false;
    if (!windows().some((w) => w.id === event.sender.id)) return false;
    const expected = appUrl();
    if (!expected) return false;
    try {
      const got = new URL(frame.url);
      const want = new URL(expected);
      return got.protocol === want.protocol && got.host === want.host && got.pathname === want.pathname;
    } catch {
      return false;
    }
  };
}

/**
 * Registers a handler for every contract request. The sender is checked before the router
 * validates the payload; nothing thrown reaches Electron (which would keep only a message).
 */
export function bindIpc(ipcMain: IpcMain, invoke: Invoke, isTrusted: SenderCheck): () => void {
  for (const name of REQUEST_NAMES) {
    ipcMain.handle(channelOf(name), async (event, payload: unknown): Promise<Reply<unknown>> => {
      if (!isTrusted(event)) return { ok: false, error: { code: 'forbidden', message: 'Untrusted sender' } };
      return invoke(name, payload, { consumer: windowConsumer(event.sender) });
    });
  }
  return () => {
    for (const name of REQUEST_NAMES) ipcMain.removeHandler(channelOf(name));
  };
}

/** The event-bus consumer a window's page is; its terminal acknowledgements count for it alone. */
export const windowConsumer = (contents: Pick<WebContents, 'id'>): string => `window-${contents.id}`;

/**
 * Sends contract events to one window. Each page load is a new consumer: a reloaded page has
 * rendered nothing the old one was sent, and a closed window holds no terminal back.
 */
export function forwardEvents(bus: EventBus, contents: WebContents): () => void {
  const id = windowConsumer(contents);
  const send: EventListener = (name, payload) => {
    if (!contents.isDestroyed()) contents.send(channelOf(name), payload);
  };
  let unsubscribe = bus.subscribe(send, id);
  const rejoin = () => {
    unsubscribe();
    unsubscribe = bus.subscribe(send, id);
  };
  const stop = () => {
    contents.off('did-navigate', rejoin);
    unsubscribe();
  };
  contents.on('did-navigate', rejoin);
  contents.once('destroyed', stop);
  return stop;
}
