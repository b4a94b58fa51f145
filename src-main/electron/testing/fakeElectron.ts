import { EventEmitter } from 'node:events';
import { nodeKeychainLauncher } from '../../config/keychain/launch';
import type { KeychainOp } from '../../config/keychain/protocol';

/**
 * A faithful stand-in for the parts of the `electron` module the shell uses, for unit tests
 * where no Electron binary exists. Behaviour follows Electron's documented semantics: one
 * handler per ipcMain channel, invoke resolves with the handler's return value, dialogs
 * resolve `{ response }`, windows emit 'close'/'closed', and so on.
 */

type InvokeHandler = (event: FakeInvokeEvent, ...args: unknown[]) => unknown;

export interface FakeFrame {
  url: string;
  parent: FakeFrame | null;
}

export interface FakeInvokeEvent {
  sender: FakeWebContents;
  senderFrame: FakeFrame | null;
}

class FakeIpcMain {
  readonly handlers = new Map<string, InvokeHandler>();
  handle(channel: string, handler: InvokeHandler): void {
    if (this.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  /** What ipcRenderer.invoke does: runs the handler; a throw rejects with its message only. */
  async invokeFrom(
    sender: FakeWebContents,
    frame: FakeFrame | null,
    channel: string,
    ...args: unknown[]
  ): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler)
      throw new Error(
        `Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`,
      );
    try {
      return await handler({ sender, senderFrame: frame }, ...args);
    } catch (err) {
      throw new Error(`Error invoking remote method '${channel}': ${String(err)}`, { cause: err });
    }
  }
}

let nextContentsId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextContentsId++;
  readonly sent: { channel: string; payload: unknown }[] = [];
  windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | undefined;
  url = '';
  destroyed = false;
  readonly mainFrame: FakeFrame = { url: '', parent: null };
  /** Listeners the page registered through ipcRenderer.on. */
  readonly rendererListeners = new EventEmitter();
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
    this.rendererListeners.emit(channel, { sender: this }, payload);
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }): void {
    this.windowOpenHandler = handler;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  async loadURL(url: string): Promise<void> {
    this.url = url;
    this.mainFrame.url = url;
  }
  /** Simulates the page trying to navigate; returns whether navigation was prevented. */
  tryNavigate(url: string): boolean {
    let prevented = false;
    this.emit('will-navigate', { preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static readonly all: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  private bounds = { x: 10, y: 20, width: 1000, height: 700 };
  shown = false;
  focused = false;
  destroyed = false;
  constructor(readonly options: Record<string, unknown>) {
    super();
    FakeBrowserWindow.all.push(this);
  }
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.all.filter((w) => !w.destroyed);
  }
  loadURL(url: string): Promise<void> {
    return this.webContents.loadURL(url);
  }
  show(): void {
    this.shown = true;
  }
  focus(): void {
    this.focused = true;
  }
  restore(): void {}
  isMinimized(): boolean {
    return false;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  isMaximized(): boolean {
    return false;
  }
  maximize(): void {}
  getNormalBounds() {
    return { ...this.bounds };
  }
  close(): void {
    this.emit('close', { preventDefault() {} });
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
  }
}

export class FakeSession {
  permissionHandler: ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void) | undefined;
  permissionCheck: ((wc?: unknown, permission?: string) => boolean) | undefined;
  headersListener:
    ((details: { responseHeaders?: Record<string, string[]> }, cb: (r: unknown) => void) => void) | undefined;
  readonly webRequest = {
    onHeadersReceived: (listener: FakeSession['headersListener']) => {
      this.headersListener = listener;
    },
  };
  setPermissionRequestHandler(handler: FakeSession['permissionHandler']): void {
    this.permissionHandler = handler;
  }
  setPermissionCheckHandler(handler: FakeSession['permissionCheck']): void {
    this.permissionCheck = handler;
  }
}

export function createFakeElectron() {
  const ipcMain = new FakeIpcMain();
  const defaultSession = new FakeSession();
  const dialogCalls: { window: unknown; options: Record<string, unknown> }[] = [];
  let nextResponse: (options: Record<string, unknown>) => Promise<number> = async () => 0;
  const openDialogCalls: { window: unknown; options: Record<string, unknown> }[] = [];
  // Electron resolves a cancelled open dialog with `{ canceled: true, filePaths: [] }`.
  let nextOpen: (options: Record<string, unknown>) => Promise<string[] | null> = async () => null;
  const appEvents = new EventEmitter();
  const opened: string[] = [];
  const exposed: Record<string, unknown> = {};
  const protocols = new Map<string, (req: Request) => Promise<Response> | Response>();

  const app = Object.assign(appEvents, {
    name: 'Caduceus',
    quitCalls: 0,
    singleInstance: true,
    badgeCount: 0,
    setBadgeCount: (count: number) => {
      app.badgeCount = count;
      return true;
    },
    requestSingleInstanceLock: () => app.singleInstance,
    whenReady: async () => undefined,
    getVersion: () => '0.1.0',
    getAppPath: () => process.cwd(),
    isPackaged: false,
    quit: () => {
      app.quitCalls++;
      let prevented = false;
      appEvents.emit('before-quit', { preventDefault: () => (prevented = true) });
      if (!prevented) appEvents.emit('will-quit');
    },
  });

  /** A utility process runs the keychain worker as a Node child does: through a Node child. */
  const utilityProcess = {
    forks: [] as string[],
    fork(modulePath: string, _args: string[], options: { env?: NodeJS.ProcessEnv }) {
      utilityProcess.forks.push(modulePath);
      const child = new EventEmitter();
      const stop = new AbortController();
      return Object.assign(child, {
        postMessage(ops: KeychainOp[]) {
          void nodeKeychainLauncher(options.env ?? process.env)(ops, stop.signal).then(
            (results) => child.emit('message', results),
            () => child.emit('exit', 1),
          );
        },
        kill: () => stop.abort(),
      });
    },
  };

  return {
    app,
    ipcMain,
    utilityProcess,
    BrowserWindow: FakeBrowserWindow,
    session: { defaultSession },
    shell: { openExternal: async (url: string) => void opened.push(url) },
    dialog: {
      showOpenDialog: async (windowOrOptions: unknown, maybeOptions?: Record<string, unknown>) => {
        const options = (maybeOptions ?? windowOrOptions) as Record<string, unknown>;
        openDialogCalls.push({ window: maybeOptions ? windowOrOptions : undefined, options });
        const paths = await nextOpen(options);
        return paths === null ? { canceled: true, filePaths: [] } : { canceled: false, filePaths: paths };
      },
      showMessageBox: async (windowOrOptions: unknown, maybeOptions?: Record<string, unknown>) => {
        const options = (maybeOptions ?? windowOrOptions) as Record<string, unknown>;
        dialogCalls.push({ window: maybeOptions ? windowOrOptions : undefined, options });
        const signal = options.signal as AbortSignal | undefined;
        const answer = nextResponse(options);
        // Electron closes the box when the signal aborts; the result is the cancel id.
        const aborted = new Promise<number>((resolve) => {
          if (signal?.aborted) resolve(Number(options.cancelId ?? 0));
          signal?.addEventListener('abort', () => resolve(Number(options.cancelId ?? 0)));
        });
        return { response: await Promise.race([answer, aborted]), checkboxChecked: false };
      },
    },
    safeStorage: {
      available: true,
      isEncryptionAvailable(): boolean {
        return this.available;
      },
      // Electron's ciphertext starts "v10" too.
      encryptString: (text: string) => Buffer.from(`v10${Buffer.from(text).toString('base64')}`),
      decryptString: (buf: Buffer) => {
        const s = buf.toString();
        if (!s.startsWith('v10'))
          throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
        return Buffer.from(s.slice(3), 'base64').toString();
      },
    },
    Menu: {
      template: undefined as unknown,
      buildFromTemplate(template: unknown) {
        return { template };
      },
      setApplicationMenu(menu: { template: unknown } | null) {
        this.template = menu?.template;
      },
    },
    protocol: {
      privileged: [] as unknown[],
      registerSchemesAsPrivileged(schemes: unknown[]) {
        this.privileged.push(...schemes);
      },
      handle: (scheme: string, handler: (req: Request) => Promise<Response> | Response) =>
        void protocols.set(scheme, handler),
    },
    contextBridge: {
      exposeInMainWorld: (key: string, api: unknown) => {
        if (key in exposed)
          throw new Error(`Cannot bind an API on top of an existing property on the window object`);
        exposed[key] = api;
      },
    },
    /** The renderer side of IPC for one page (Electron gives each preload its own). */
    ipcRendererFor(contents: FakeWebContents) {
      return {
        invoke: (channel: string, ...args: unknown[]) =>
          ipcMain.invokeFrom(contents, contents.mainFrame, channel, ...args),
        on: (channel: string, listener: (...a: unknown[]) => void) =>
          void contents.rendererListeners.on(channel, listener),
        removeListener: (channel: string, listener: (...a: unknown[]) => void) =>
          void contents.rendererListeners.removeListener(channel, listener),
      };
    },
    // Test controls, not part of Electron's API.
    control: {
      dialogCalls,
      openDialogCalls,
      opened,
      exposed,
      protocols,
      answerDialogsWith(fn: (options: Record<string, unknown>) => Promise<number>) {
        nextResponse = fn;
      },
      /** Paths the next open dialogs choose; null cancels. */
      answerOpenDialogsWith(fn: (options: Record<string, unknown>) => Promise<string[] | null>) {
        nextOpen = fn;
      },
    },
  };
}
