import { homedir } from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import { channelOf } from '../../src-shared/ipc/contract';
import { runDesktop } from './main';
import { useDesktopHome } from './testing/desktopHome';
import { createFakeElectron, FakeBrowserWindow } from './testing/fakeElectron';

vi.mock('electron', () => ({ default: {} }));

const desktop = useDesktopHome('caduceus-picker-');

describe('workspace folder in the desktop app', () => {
  it('picks the folder with the native dialog on the app window; started in its own checkout, offers home', async () => {
    const electron = createFakeElectron();
    const core = await runDesktop(electron as never, '/dist');
    if (!core) throw new Error('the app did not start');
    const win = FakeBrowserWindow.all[0];
    if (!win) throw new Error('no window');
    const invoke = (name: Parameters<typeof channelOf>[0]) =>
      electron.ipcMain.invokeFrom(win.webContents, win.webContents.mainFrame, channelOf(name), {});

    // The tests run inside the checkout: the app's own folder is never offered, home is, with why.
    expect(await invoke('workspace.default')).toEqual({
      ok: true,
      value: { path: homedir(), note: expect.stringMatching(/Caduceus's own folder/) },
    });

    electron.control.answerOpenDialogsWith(async () => [desktop.dir]);
    expect(await invoke('workspace.pick')).toEqual({ ok: true, value: { path: desktop.dir } });
    const call = electron.control.openDialogCalls[0];
    expect(call?.window).toBe(win);
    expect(call?.options.properties).toEqual(expect.arrayContaining(['openDirectory']));
    expect(call?.options.properties).not.toContain('openFile');

    electron.control.answerOpenDialogsWith(async () => null);
    expect(await invoke('workspace.pick')).toEqual({ ok: true, value: { path: null } });

    // Without a chosen folder a chat starts in the offered one; here only the missing model stops it.
    const send = await electron.ipcMain.invokeFrom(
      win.webContents,
      win.webContents.mainFrame,
      channelOf('chat.send'),
      { text: 'hello' },
    );
    expect(send).toMatchObject({ ok: false, error: { code: 'no_model' } });
    await core.shutdown();
  });
});
