import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { channelOf, REQUEST_NAMES, type Reply } from '../../src-shared/ipc/contract';
import type { EventBus } from '../contract/eventBus';
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
      return invoke(name, payload);
    });
  }
  return () => {
    for (const name of REQUEST_NAMES) ipcMain.removeHandler(channelOf(name));
  };
}

/** Sends contract events to the app's windows. */
export function forwardEvents(bus: EventBus, windows: () => WebContents[]): () => void {
  return bus.subscribe((name, payload) => {
    for (const contents of windows()) if (!contents.isDestroyed()) contents.send(channelOf(name), payload);
  });
}
