// Electron main process: the app window around the runtime. Everything below 'electron' here
// is a thin layer; the runtime itself is built by createAppCore.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import electron from 'electron';
import { createAppCore, type AppCore } from '../appCore';
import { removeStaleTempFiles } from '../config/atomicFile';
import { caduceusHome } from '../config/paths';
import { createStderrLogger } from '../runtime/logger';
import { onShutdownSignal } from '../shutdownSignals';
import { askBatchWithNativeDialog, askWithNativeDialog } from './approvalDialog';
import { pickWorkspaceFolder } from './folderPicker';
import { appRootAbove, startWorkspace } from '../workspace/startFolder';
import { bindIpc, forwardEvents, trustedSender } from './ipc';
import { menuTemplate } from './menu';
import { APP_URL, declareAppScheme, serveAppProtocol } from './protocol';
import { realHost } from '../terminal/platform/host';
import { initUserEnvironment, needsLoginEnv } from '../terminal/platform/userEnvironment';
import { openSecretStore } from '../config/keychain/open';
import { utilityKeychainLauncher } from './keychainLauncher';
import { readSafeStorageSecrets } from './secrets';
import { createMainWindow, hardenWindow, isSafeExternalUrl, rememberWindowState } from './window';

type ElectronModule = typeof electron;

/** Starts the desktop app; `e` is the electron module (a fake in unit tests). */
export async function runDesktop(e: ElectronModule, distDir: string): Promise<AppCore | undefined> {
  const { app, BrowserWindow, dialog, ipcMain, Menu, session, shell, safeStorage, utilityProcess } = e;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return undefined;
  }
  declareAppScheme(e.protocol);
  // Started from the Finder, Dock or a launcher, the app lacks the login shell's PATH; resolve
  // it while the window starts, so local commands find Homebrew, nvm and pyenv tools.
  const startedFromTerminal = Boolean(process.stdin.isTTY || process.env.TERM);
  const logger = createStderrLogger('info');
  if (needsLoginEnv(realHost(), startedFromTerminal))
    void initUserEnvironment().then(({ source, reason }) => {
      if (source === 'process') logger.warn(`local commands use the app's own environment: ${reason ?? ''}`);
    });
  await app.whenReady();
  serveAppProtocol(e.protocol, join(distDir, 'renderer'));

  const home = caduceusHome();
  const statePath = join(home, 'window-state.json');
  const secretsPath = join(home, 'secrets.json');
  // A run killed mid-write leaves its temp files; config.yaml's store sweeps its own.
  await Promise.all([statePath, secretsPath].map((path) => removeStaleTempFiles(path)));
  let mainWindow: InstanceType<typeof BrowserWindow> | undefined;
  // Keys are kept in the OS keychain (a 0600 file where none answers); those this app kept with
  // safeStorage before are moved there.
  const legacy = readSafeStorageSecrets(safeStorage, secretsPath);
  const secrets = await openSecretStore(home, {
    env: process.env,
    launch: utilityKeychainLauncher(utilityProcess, process.env),
    ...(legacy ? { legacy } : {}),
  });
  if (secrets.place.note) logger.warn(`${secrets.place.note} (${secrets.place.label})`);
  // The app's own installation or checkout is never a new chat's folder (a packaged app starts in
  // `/` or inside its bundle): the same rule as `serve`.
  const ownRoots = [app.getAppPath(), appRootAbove(app.getAppPath()), dirname(process.execPath)].filter(
    (p): p is string => typeof p === 'string',
  );
  const startedIn = await startWorkspace(process.cwd(), ownRoots);
  const core = await createAppCore({
    home,
    cwd: process.cwd(),
    env: process.env,
    logger,
    mode: 'electron',
    version: app.getVersion(),
    secrets,
    mcpSecrets: secrets,
    openUrl: (url) => openExternalHttp(shell, url),
    nativeApproval: (request, signal) => askWithNativeDialog(dialog, mainWindow, request, signal),
    nativeApprovalBatch: (requests, signal) => askBatchWithNativeDialog(dialog, mainWindow, requests, signal),
    ...(startedIn ? { workspace: startedIn.path } : {}),
    ...(startedIn?.note ? { workspaceNote: startedIn.note } : {}),
    pickFolder: () => pickWorkspaceFolder(dialog, mainWindow),
  });

  // The dock or taskbar badge counts the sessions waiting for a person.
  core.onWaitingCount((waiting) => app.setBadgeCount(waiting));
  const contents = () => BrowserWindow.getAllWindows().map((w) => w.webContents);
  bindIpc(
    ipcMain,
    core.invoke,
    trustedSender(() => APP_URL, contents),
  );
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(process.platform, app.name)));

  const createWindow = () => {
    const win = createMainWindow(BrowserWindow, join(distDir, 'electron', 'preload.cjs'), statePath);
    hardenWindow(win, session.defaultSession, shell, APP_URL);
    forwardEvents(core.events, win.webContents);
    rememberWindowState(win, statePath);
    win.once('ready-to-show', () => win.show());
    void win.loadURL(APP_URL);
    mainWindow = win;
    return win;
  };
  createWindow();

  app.on('second-instance', () => {
    if (!mainWindow || mainWindow.isDestroyed()) return void createWindow();
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
  app.on('window-all-closed', () => app.quit());

  // Quitting ends every PTY, background process and container session before the app exits;
  // a signal (Ctrl+C in the launching terminal, kill, logout) quits the same way.
  let cleaned = false;
  let shuttingDown = false;
  const stopListening = onShutdownSignal(() => app.quit());
  app.on('before-quit', (event) => {
    if (cleaned) return;
    event.preventDefault();
    if (shuttingDown) return;
    shuttingDown = true;
    void core.shutdown().finally(() => {
      cleaned = true;
      stopListening();
      app.quit();
    });
  });
  return core;
}

if (process.versions.electron) {
  void runDesktop(electron, fileURLToPath(new URL('..', import.meta.url)));
}

/** OAuth sign-in pages open in the user's browser; only plain http(s) URLs reach the shell. */
async function openExternalHttp(shell: ElectronModule['shell'], url: string): Promise<void> {
  if (!isSafeExternalUrl(url))
    throw new Error('refusing to open a sign-in page that is not a plain http(s) URL');
  await shell.openExternal(url);
}
