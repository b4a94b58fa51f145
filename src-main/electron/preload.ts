// Runs in the sandboxed preload: exposes one named method per contract entry, nothing generic.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { eventMethodName, requestMethodName } from '../../src-shared/ipc/bridge';
import { channelOf } from '../../src-shared/ipc/contract';
import { EVENT_NAMES, REQUEST_NAMES } from '../../src-shared/ipc/names';

const api: Record<string, unknown> = {};
for (const name of REQUEST_NAMES) {
  const channel = channelOf(name);
  api[requestMethodName(name)] = (input: unknown) => ipcRenderer.invoke(channel, input);
}
for (const name of EVENT_NAMES) {
  const channel = channelOf(name);
  api[eventMethodName(name)] = (listener: (payload: unknown) => void) => {
    // The renderer never sees the IpcRendererEvent (it carries the sender).
    const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, wrapped);
    return () => void ipcRenderer.removeListener(channel, wrapped);
  };
}
contextBridge.exposeInMainWorld('caduceus', Object.freeze(api));
