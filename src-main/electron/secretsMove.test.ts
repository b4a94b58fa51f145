import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { channelOf } from '../../src-shared/ipc/contract';
import { startSecretService, type SecretService } from '../config/testing/secretService';
import { runDesktop } from './main';
import { useDesktopHome } from './testing/desktopHome';
import { createFakeElectron, FakeBrowserWindow } from './testing/fakeElectron';

vi.mock('electron', () => ({ default: {} }));

const desktop = useDesktopHome('caduceus-desktop-secrets-');
let service: SecretService | undefined;
afterEach(async () => {
  delete process.env.DBUS_SESSION_BUS_ADDRESS;
  await service?.stop();
  service = undefined;
});

describe('the desktop app’s keys', () => {
  it('moves keys kept with safeStorage into the OS keychain at first start, losing none', async () => {
    service = await startSecretService();
    process.env.DBUS_SESSION_BUS_ADDRESS = service.env.DBUS_SESSION_BUS_ADDRESS;
    const electron = createFakeElectron();
    const file = join(desktop.dir, 'secrets.json');
    const encrypted = (value: string) => electron.safeStorage.encryptString(value).toString('base64');
    await writeFile(file, JSON.stringify({ model_api_key: encrypted('sk-from-safe-storage') }));

    const core = await runDesktop(electron as never, '/dist');
    if (!core) throw new Error('the app did not start');
    try {
      const win = FakeBrowserWindow.all[0]!;
      const reply = await electron.ipcMain.invokeFrom(
        win.webContents,
        win.webContents.mainFrame,
        channelOf('settings.get'),
        {},
      );
      expect(reply).toMatchObject({
        ok: true,
        value: { model: { hasApiKey: true, keyStore: { kind: 'keychain' } } },
      });
      // Kept in the keychain now (by the utility process), not in a file.
      await expect(stat(file)).rejects.toThrow(/ENOENT/);
      expect(electron.utilityProcess.forks.length).toBeGreaterThan(0);
    } finally {
      const quit = new Promise<void>((resolve) => electron.app.once('will-quit', () => resolve()));
      electron.app.quit();
      await quit;
    }
    // The next start reads it from the keychain.
    FakeBrowserWindow.all.length = 0;
    const again = createFakeElectron();
    const next = await runDesktop(again as never, '/dist');
    if (!next) throw new Error('the app did not start again');
    try {
      const win = FakeBrowserWindow.all[0]!;
      const reply = await again.ipcMain.invokeFrom(
        win.webContents,
        win.webContents.mainFrame,
        channelOf('settings.get'),
        {},
      );
      expect(reply).toMatchObject({ ok: true, value: { model: { hasApiKey: true } } });
    } finally {
      const quit = new Promise<void>((resolve) => again.app.once('will-quit', () => resolve()));
      again.app.quit();
      await quit;
    }
  }, 60_000);
});
