import { describe, expect, it, vi } from 'vitest';
import { channelOf } from '../../src-shared/ipc/contract';
import { REQUEST_NAMES } from '../../src-shared/ipc/names';
import { EventBus } from '../contract/eventBus';
import { createRouter, type Caller, type Handlers } from '../contract/router';
import { bindIpc, forwardEvents, trustedSender, windowConsumer } from './ipc';
import { createFakeElectron, FakeBrowserWindow } from './testing/fakeElectron';

const APP_URL = 'app://caduceus/index.html';

function setup() {
  const electron = createFakeElectron();
  const win = new FakeBrowserWindow({});
  void win.loadURL(APP_URL);
  const calls: unknown[] = [];
  const handlers = new Proxy({} as Handlers, {
    get: (_t, name: string) => (input: unknown) => {
      calls.push([name, input]);
      if (name === 'toolsets.list') return [];
      if (name === 'approvals.respond') throw new Error('boom');
      return { ok: true };
    },
  });
  const isTrusted = trustedSender(
    () => APP_URL,
    () => [win.webContents] as never,
  );
  const unbind = bindIpc(electron.ipcMain as never, createRouter(handlers), isTrusted);
  return { electron, win, calls, unbind };
}

describe('bindIpc', () => {
  it('registers a handler for every contract request, and removes them all', () => {
    const { electron, unbind } = setup();
    expect([...electron.ipcMain.handlers.keys()].sort()).toEqual(REQUEST_NAMES.map(channelOf).sort());
    unbind();
    expect(electron.ipcMain.handlers.size).toBe(0);
  });

  it('runs a valid request from the app window', async () => {
    const { electron, win, calls } = setup();
    const reply = await electron.ipcMain.invokeFrom(
      win.webContents,
      win.webContents.mainFrame,
      channelOf('toolsets.list'),
      {},
    );
    expect(reply).toEqual({ ok: true, value: [] });
    expect(calls).toEqual([['toolsets.list', {}]]);
  });

  it('answers invalid payloads with an error reply and never runs the handler', async () => {
    const { electron, win, calls } = setup();
    const reply = await electron.ipcMain.invokeFrom(
      win.webContents,
      win.webContents.mainFrame,
      channelOf('toolsets.setEnabled'),
      {
        name: 'web',
        enabled: 'yes',
      },
    );
    expect(reply).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringMatching(/^Invalid input for toolsets.setEnabled: enabled:/),
      },
    });
    expect(calls).toEqual([]);
  });

  it('turns a handler throw into { code, message } instead of a rejected invoke', async () => {
    const { electron, win } = setup();
    const reply = await electron.ipcMain.invokeFrom(
      win.webContents,
      win.webContents.mainFrame,
      channelOf('approvals.respond'),
      {
        id: 'a',
        choice: 'once',
      },
    );
    expect(reply).toEqual({ ok: false, error: { code: 'internal', message: 'boom' } });
  });

  it('rejects senders that are not our window, a subframe, or another page', async () => {
    const { electron, win, calls } = setup();
    const stranger = new FakeBrowserWindow({});
    await stranger.loadURL(APP_URL);
    const channel = channelOf('toolsets.list');
    const forbidden = { ok: false, error: { code: 'forbidden', message: 'Untrusted sender' } };
    expect(
      await electron.ipcMain.invokeFrom(stranger.webContents, stranger.webContents.mainFrame, channel, {}),
    ).toEqual(forbidden);
    const subframe = { url: APP_URL, parent: win.webContents.mainFrame };
    expect(await electron.ipcMain.invokeFrom(win.webContents, subframe, channel, {})).toEqual(forbidden);
    expect(
      await electron.ipcMain.invokeFrom(
        win.webContents,
        { url: 'https://evil.example/', parent: null },
        channel,
        {},
      ),
    ).toEqual(forbidden);
    expect(await electron.ipcMain.invokeFrom(win.webContents, null, channel, {})).toEqual(forbidden);
    expect(calls).toEqual([]);
  });
});

describe('forwardEvents', () => {
  it('sends contract events to its window while it lives', () => {
    const bus = new EventBus();
    const a = new FakeBrowserWindow({});
    const b = new FakeBrowserWindow({});
    forwardEvents(bus, a.webContents as never);
    const stopB = forwardEvents(bus, b.webContents as never);
    bus.emit('terminal.exit', { streamId: 's1', exitCode: 0 });
    expect(a.webContents.sent).toEqual([
      { channel: 'caduceus:terminal.exit', payload: { streamId: 's1', exitCode: 0 } },
    ]);
    expect(b.webContents.sent).toHaveLength(1);
    stopB();
    a.webContents.destroyed = true;
    a.webContents.emit('destroyed');
    bus.emit('terminal.exit', { streamId: 's2', exitCode: 1 });
    expect(a.webContents.sent).toHaveLength(1);
    expect(b.webContents.sent).toHaveLength(1);
    expect(bus.size).toBe(0);
  });

  it('makes each window, and each load of its page, a consumer of its own', async () => {
    const bus = new EventBus();
    const seen: [string, boolean][] = [];
    bus.watch((id, joined) => seen.push([id, joined]));
    const win = new FakeBrowserWindow({});
    forwardEvents(bus, win.webContents as never);
    const id = windowConsumer(win.webContents);
    expect([...bus.ids()]).toEqual([id]);
    // A reload: what the old page owed is forgotten, the new page starts afresh.
    win.webContents.emit('did-navigate');
    expect(seen).toEqual([
      [id, true],
      [id, false],
      [id, true],
    ]);
    const electron = createFakeElectron();
    let caller: Caller | undefined;
    const handlers = {
      'terminal.ack': (_input: unknown, c: Caller) => {
        caller = c;
        return { ok: true };
      },
    } as unknown as Handlers;
    bindIpc(electron.ipcMain as never, createRouter(handlers), () => true);
    await win.loadURL(APP_URL);
    await electron.ipcMain.invokeFrom(win.webContents, win.webContents.mainFrame, 'caduceus:terminal.ack', {
      streamId: 's',
      chars: 1,
    });
    expect(caller).toEqual({ consumer: id });
  });
});

describe('preload', () => {
  it('exposes one named method per request and event, and nothing generic', async () => {
    const electron = createFakeElectron();
    const win = new FakeBrowserWindow({});
    await win.loadURL(APP_URL);
    vi.resetModules();
    vi.doMock('electron', () => ({ ...electron, ipcRenderer: electron.ipcRendererFor(win.webContents) }));
    await import('./preload');
    vi.doUnmock('electron');
    const api = electron.control.exposed.caduceus as Record<string, (...a: unknown[]) => unknown>;
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.keys(api)).toContain('toolsetsSetEnabled');
    expect(Object.keys(api)).toContain('onTerminalData');
    for (const generic of ['send', 'invoke', 'on', 'emit', 'request']) expect(api[generic]).toBeUndefined();

    bindIpc(
      electron.ipcMain as never,
      createRouter({ 'app.info': () => ({ version: '1', mode: 'electron' }) } as unknown as Handlers),
      () => true,
    );
    expect(await api.appInfo?.({})).toEqual({ ok: true, value: { version: '1', mode: 'electron' } });

    const seen: unknown[] = [];
    const unsubscribe = api.onTerminalExit?.((p: unknown) => seen.push(p)) as () => void;
    win.webContents.send('caduceus:terminal.exit', { streamId: 'x', exitCode: 2 });
    unsubscribe();
    win.webContents.send('caduceus:terminal.exit', { streamId: 'y', exitCode: 3 });
    expect(seen).toEqual([{ streamId: 'x', exitCode: 2 }]);
  });
});
