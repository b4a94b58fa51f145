import type { BrowserWindow as BrowserWindowType, Session, Shell } from 'electron';
import { loadWindowState, saveWindowState } from './windowState';

/** The renderer's policy: our bundle only; no remote code, no plugins, no framing. */
export const RENDERER_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The app window. The options are written out here, not assembled elsewhere, so that anyone
 * (and the security scanner) can read the window's security settings in one place.
 */
export function createMainWindow(
  BrowserWindow: typeof BrowserWindowType,
  preload: string,
  statePath: string,
): BrowserWindowType {
  const state = loadWindowState(statePath);
  return new BrowserWindow({
    ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    width: state.width,
    height: state.height,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Caduceus',
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // Middle-click would otherwise open links in a new window, past setWindowOpenHandler.
      disableBlinkFeatures: 'Auxclick',
    },
  });
}

/** Only web links leave the app, and only to the user's browser. */
export function isSafeExternalUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
    );
  } catch {
    return false;
  }
}

/**
 * Locks a window down: no navigation away from the app, no new windows (web links open in the
 * user's browser after a check), no permission grants, and a strict CSP on every response.
 */
export function hardenWindow(
  win: BrowserWindowType,
  session: Session,
  shell: Pick<Shell, 'openExternal'>,
  appUrl: string,
): void {
  const contents = win.webContents;
  contents.on('will-navigate', (event, url) => {
    if (url !== appUrl) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  // Only notifications: a chat that needs the person while the window is away says so.
  session.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(permission === 'notifications'),
  );
  session.setPermissionCheckHandler((_contents, permission) => permission === 'notifications');
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [RENDERER_CSP] } });
  });
}

/** Saves the window's bounds when it closes, for the next start. */
export function rememberWindowState(win: BrowserWindowType, statePath: string): void {
  win.on('close', () => {
    const bounds = win.getNormalBounds();
    saveWindowState(statePath, { ...bounds, maximized: win.isMaximized() });
  });
}
