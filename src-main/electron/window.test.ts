import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSafeStorageSecrets } from './secrets';
import { createFakeElectron, FakeBrowserWindow } from './testing/fakeElectron';
import {
  createMainWindow,
  hardenWindow,
  isSafeExternalUrl,
  RENDERER_CSP,
  rememberWindowState,
} from './window';

const APP_URL = 'app://caduceus/index.html';
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-electron-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('window security', () => {
  it('keeps context isolation and the sandbox on, Node off', () => {
    const win = createMainWindow(
      FakeBrowserWindow as never,
      '/p/preload.cjs',
      join(dir, 'none.json'),
    ) as unknown as FakeBrowserWindow;
    const prefs = win.options.webPreferences;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      preload: '/p/preload.cjs',
    });
  });

  it('blocks navigation, new windows and permissions, and opens only web links outside', async () => {
    const electron = createFakeElectron();
    const win = new FakeBrowserWindow({});
    hardenWindow(win as never, electron.session.defaultSession as never, electron.shell, APP_URL);
    expect(win.webContents.tryNavigate('https://example.com/')).toBe(true);
    expect(win.webContents.tryNavigate(APP_URL)).toBe(false);
    expect(win.webContents.windowOpenHandler?.({ url: 'https://docs.example.com/x' })).toEqual({
      action: 'deny',
    });
    expect(win.webContents.windowOpenHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(win.webContents.windowOpenHandler?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(electron.control.opened).toEqual(['https://docs.example.com/x']);
    let granted: boolean | undefined;
    electron.session.defaultSession.permissionHandler?.(null, 'media', (g) => (granted = g));
    expect(granted).toBe(false);
    expect(electron.session.defaultSession.permissionCheck?.(null, 'geolocation')).toBe(false);
    // Notifications alone: a chat waiting for the person reaches them while the window is away.
    electron.session.defaultSession.permissionHandler?.(null, 'notifications', (g) => (granted = g));
    expect(granted).toBe(true);
    expect(electron.session.defaultSession.permissionCheck?.(null, 'notifications')).toBe(true);
    let headers: unknown;
    electron.session.defaultSession.headersListener?.(
      { responseHeaders: { a: ['b'] } },
      (r) => (headers = r),
    );
    expect(headers).toEqual({ responseHeaders: { a: ['b'], 'Content-Security-Policy': [RENDERER_CSP] } });
  });

  it('accepts only plain http(s) links as external', () => {
    expect(isSafeExternalUrl('https://example.com')).toBe(true);
    expect(isSafeExternalUrl('https://user:pw@example.com')).toBe(false);
    expect(isSafeExternalUrl('smb://host/share')).toBe(false);
    expect(isSafeExternalUrl('not a url')).toBe(false);
  });

  it('remembers the window bounds for the next start', async () => {
    const statePath = join(dir, 'window.json');
    const win = new FakeBrowserWindow({});
    rememberWindowState(win as never, statePath);
    win.close();
    expect(JSON.parse(await readFile(statePath, 'utf8'))).toEqual({
      x: 10,
      y: 20,
      width: 1000,
      height: 700,
      maximized: false,
    });
    const next = createMainWindow(
      FakeBrowserWindow as never,
      '/p',
      statePath,
    ) as unknown as FakeBrowserWindow;
    expect(next.options).toMatchObject({ x: 10, y: 20, width: 1000, height: 700 });
  });
});

describe('readSafeStorageSecrets', () => {
  const encrypted = (electron: ReturnType<typeof createFakeElectron>, value: string) =>
    electron.safeStorage.encryptString(value).toString('base64');

  it('decrypts the keys an earlier version kept with safeStorage', async () => {
    const electron = createFakeElectron();
    const path = join(dir, 'secrets.json');
    await writeFile(path, JSON.stringify({ model_api_key: encrypted(electron, 'sk-test') }));
    expect(readSafeStorageSecrets(electron.safeStorage, path)).toEqual({ model_api_key: 'sk-test' });
  });

  it('leaves a file of plain secrets (the fallback file) alone', async () => {
    const electron = createFakeElectron();
    const path = join(dir, 'secrets.json');
    await writeFile(path, JSON.stringify({ model_api_key: 'sk-plain' }));
    expect(readSafeStorageSecrets(electron.safeStorage, path)).toBeUndefined();
  });

  it('moves a file it cannot decrypt now aside instead of dropping it', async () => {
    const electron = createFakeElectron();
    const path = join(dir, 'secrets.json');
    const content = JSON.stringify({ model_api_key: encrypted(electron, 'sk-test') });
    await writeFile(path, content);
    electron.safeStorage.available = false;
    expect(readSafeStorageSecrets(electron.safeStorage, path)).toBeUndefined();
    expect(await readFile(join(dir, 'secrets-safe-storage.json'), 'utf8')).toBe(content);
  });
});
