import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channelOf } from '../../src-shared/ipc/contract';
import { runDesktop } from './main';
import { createFakeElectron, FakeBrowserWindow } from './testing/fakeElectron';

vi.mock('electron', () => ({ default: {} }));

let home: string;
const savedHome = process.env.CADUCEUS_HOME;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-picker-'));
  process.env.CADUCEUS_HOME = home;
  FakeBrowserWindow.all.length = 0;
});
afterEach(async () => {
  if (savedHome === undefined) delete process.env.CADUCEUS_HOME;
  else process.env.CADUCEUS_HOME = savedHome;
  await rm(home, { recursive: true, force: true });
});

describe('workspace folder in the desktop app', () => {
  it('picks the folder with the native dialog on the app window, and offers no default', async () => {
    const electron = createFakeElectron();
    const core = await runDesktop(electron as never, '/dist');
    if (!core) throw new Error('the app did not start');
    const win = FakeBrowserWindow.all[0];
    if (!win) throw new Error('no window');
    const invoke = (name: Parameters<typeof channelOf>[0]) =>
      electron.ipcMain.invokeFrom(win.webContents, win.webContents.mainFrame, channelOf(name), {});

    expect(await invoke('workspace.default')).toEqual({ ok: true, value: { path: null } });

    electron.control.answerOpenDialogsWith(async () => [home]);
    expect(await invoke('workspace.pick')).toEqual({ ok: true, value: { path: home } });
    const call = electron.control.openDialogCalls[0];
    expect(call?.window).toBe(win);
    expect(call?.options.properties).toEqual(expect.arrayContaining(['openDirectory']));
    expect(call?.options.properties).not.toContain('openFile');

    electron.control.answerOpenDialogsWith(async () => null);
    expect(await invoke('workspace.pick')).toEqual({ ok: true, value: { path: null } });

    // Without a chosen folder a chat cannot start: the app never falls back to its own cwd.
    const send = await electron.ipcMain.invokeFrom(
      win.webContents,
      win.webContents.mainFrame,
      channelOf('chat.send'),
      { text: 'hello' },
    );
    expect(send).toMatchObject({ ok: false, error: { code: 'workspace_required' } });
    await core.shutdown();
  });
});
