import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { channelOf } from '../../src-shared/ipc/contract';
import { REQUEST_NAMES } from '../../src-shared/ipc/names';
import { alive } from '../terminal/testing/procs';
import { APPROVAL_BUTTONS, BATCH_BUTTONS } from './approvalDialog';
import { runDesktop } from './main';
import { APP_URL } from './protocol';
import { useDesktopHome } from './testing/desktopHome';
import { createFakeElectron, FakeBrowserWindow } from './testing/fakeElectron';

// The real package would try to download a binary; each test passes its own fake instead.
vi.mock('electron', () => ({ default: {} }));

const desktop = useDesktopHome('caduceus-desktop-');

describe('runDesktop', () => {
  it('quits at once when another instance holds the lock', async () => {
    const electron = createFakeElectron();
    electron.app.singleInstance = false;
    expect(await runDesktop(electron as never, '/nowhere')).toBeUndefined();
    expect(electron.app.quitCalls).toBe(1);
    expect(FakeBrowserWindow.all).toHaveLength(0);
  });

  it('opens one hardened window on app://, binds every contract request, and ends everything on quit', async () => {
    const electron = createFakeElectron();
    const core = await runDesktop(electron as never, '/dist');
    if (!core) throw new Error('the app did not start');
    const [win] = FakeBrowserWindow.all;
    expect(win?.webContents.url).toBe(APP_URL);
    expect(win?.options.webPreferences).toMatchObject({
      preload: '/dist/electron/preload.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });
    expect([...electron.ipcMain.handlers.keys()].sort()).toEqual(REQUEST_NAMES.map(channelOf).sort());
    expect(electron.control.protocols.has('app')).toBe(true);
    expect(electron.Menu.template).toBeDefined();

    // A request from the window reaches the runtime.
    const reply = await electron.ipcMain.invokeFrom(
      win!.webContents,
      win!.webContents.mainFrame,
      channelOf('app.info'),
      {},
    );
    expect(reply).toEqual({ ok: true, value: { version: '0.1.0', mode: 'electron' } });

    // A second launch focuses the existing window instead of opening another.
    electron.app.emit('second-instance');
    expect(win?.focused).toBe(true);
    expect(FakeBrowserWindow.all).toHaveLength(1);

    // Quitting ends background processes before the app exits.
    const started = await core.root.terminals.current.run({
      taskId: 't',
      toolCallId: 'c',
      command: 'sleep 60',
      background: true,
    });
    if (started.status !== 'started' || started.pid === undefined)
      throw new Error('background process did not start');
    expect(alive(started.pid)).toBe(true);
    const quit = new Promise<void>((resolve) => electron.app.once('will-quit', () => resolve()));
    electron.app.quit();
    await quit;
    expect(alive(started.pid)).toBe(false);
  });

  it('removes temp files a crashed earlier run left beside the files it writes', async () => {
    // Above any pid_max, so no process can own these.
    const dead = 999_999_999;
    const leftovers = ['config.yaml', 'secrets.json', 'window-state.json'].map(
      (f) => `${f}.${dead}.deadbeef.tmp`,
    );
    for (const name of [...leftovers, 'notes.txt']) await writeFile(join(desktop.dir, name), 'partial');
    const electron = createFakeElectron();
    const core = await runDesktop(electron as never, '/dist');
    if (!core) throw new Error('the app did not start');
    try {
      const left = await readdir(desktop.dir);
      expect(left).toContain('notes.txt');
      for (const name of leftovers) expect(left).not.toContain(name);
    } finally {
      const quit = new Promise<void>((resolve) => electron.app.once('will-quit', () => resolve()));
      electron.app.quit();
      await quit;
    }
  });

  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)(
    '%s quits the app the same way, ending background processes first',
    async (signal) => {
      const electron = createFakeElectron();
      const listenersBefore = process.listenerCount(signal);
      const core = await runDesktop(electron as never, '/dist');
      if (!core) throw new Error('the app did not start');
      const started = await core.root.terminals.current.run({
        taskId: 't',
        toolCallId: 'c',
        command: 'sleep 60',
        background: true,
      });
      if (started.status !== 'started' || started.pid === undefined)
        throw new Error('background process did not start');
      const quit = new Promise<void>((resolve) => electron.app.once('will-quit', () => resolve()));
      process.emit(signal, signal);
      await vi.waitFor(() => expect(electron.app.quitCalls).toBeGreaterThan(0), { timeout: 10_000 });
      await quit;
      expect(alive(started.pid)).toBe(false);
      expect(process.listenerCount(signal)).toBe(listenersBefore);
    },
  );

  it('answers an approval through the native dialog bound to its window', async () => {
    const electron = createFakeElectron();
    electron.control.answerDialogsWith(async () => APPROVAL_BUTTONS.findIndex((b) => b.choice === 'always'));
    const core = await runDesktop(electron as never, '/dist');
    if (!core) throw new Error('the app did not start');
    await core.invoke('sessions.viewed', { id: 's' });
    const decision = await core.root.gate.check({
      command: 'rm -rf ./build-output',
      sessionId: 's',
      taskId: 't',
      toolCallId: 'c',
      backendKind: 'local',
    });
    expect(decision).toMatchObject({ allowed: true, decidedBy: 'human', choice: 'always' });
    expect(electron.control.dialogCalls[0]?.window).toBe(FakeBrowserWindow.all[0]);
    expect(String(electron.control.dialogCalls[0]?.options.detail)).toContain('rm -rf ./build-output');
    expect(core.root.config.command_allowlist.length).toBeGreaterThan(0);
    await core.shutdown();
  });

  it('asks about a batch of commands in one native dialog, not one per command', async () => {
    const electron = createFakeElectron();
    electron.control.answerDialogsWith(async () => BATCH_BUTTONS.findIndex((b) => b.choice === 'once'));
    const core = await runDesktop(electron as never, '/dist');
    if (!core) throw new Error('the app did not start');
    await core.invoke('sessions.viewed', { id: 's' });
    const calls = ['rm -r ./out-a', 'chmod 777 ./f', 'rm -r ./out-b'].map((command, i) => ({
      command,
      sessionId: 's',
      taskId: 't',
      toolCallId: `c${i}`,
      backendKind: 'local' as const,
    }));
    core.root.gate.announceBatch(calls);
    for (const call of calls)
      expect(await core.root.gate.check(call)).toMatchObject({ allowed: true, choice: 'once' });
    expect(electron.control.dialogCalls).toHaveLength(1);
    const detail = String(electron.control.dialogCalls[0]?.options.detail);
    for (const call of calls) expect(detail).toContain(call.command);
    await core.shutdown();
  });

  it('opens no native dialog for a session not in view, and counts it on the dock badge', async () => {
    const electron = createFakeElectron();
    electron.control.answerDialogsWith(async () => APPROVAL_BUTTONS.findIndex((b) => b.choice === 'once'));
    const core = await runDesktop(electron as never, '/dist');
    if (!core) throw new Error('the app did not start');
    await core.invoke('sessions.viewed', { id: 'shown' });
    const decision = core.root.gate.check({
      command: 'rm -rf ./elsewhere',
      sessionId: 'hidden',
      taskId: 'hidden',
      toolCallId: 'c',
      backendKind: 'local',
    });
    await vi.waitFor(() => expect(electron.app.badgeCount).toBe(1));
    expect(electron.control.dialogCalls).toHaveLength(0);
    // Shown at last: its dialog opens, the answer settles it and the badge clears.
    await core.invoke('sessions.viewed', { id: 'hidden' });
    expect(await decision).toMatchObject({ allowed: true, choice: 'once' });
    expect(electron.control.dialogCalls).toHaveLength(1);
    expect(electron.app.badgeCount).toBe(0);
    await core.shutdown();
  });
});
