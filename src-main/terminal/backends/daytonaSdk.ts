/** The narrow part of Daytona's TypeScript SDK (npm `@daytonaio/sdk`) this backend uses, loaded on demand. */

export interface DaytonaPtyLike {
  waitForConnection(): Promise<void>;
  sendInput(data: string): Promise<void>;
  resize(cols: number, rows: number): Promise<unknown>;
  wait(): Promise<{ exitCode?: number | null }>;
  kill(): Promise<void>;
  disconnect(): Promise<void>;
}

export interface DaytonaProcessLike {
  createSession(sessionId: string): Promise<void>;
  executeSessionCommand(
    sessionId: string,
    request: { command: string; runAsync?: boolean },
  ): Promise<{ cmdId?: string; exitCode?: number | null }>;
  getSessionCommandLogs(
    sessionId: string,
    commandId: string,
    onStdout: (chunk: string) => void,
    onStderr: (chunk: string) => void,
  ): Promise<void>;
  getSessionCommand(sessionId: string, commandId: string): Promise<{ exitCode?: number | null }>;
  /** Newer SDKs only. */
  sendSessionCommandInput?(sessionId: string, commandId: string, data: string): Promise<void>;
  deleteSession(sessionId: string): Promise<void>;
  createPty(options: {
    id: string;
    cols?: number;
    rows?: number;
    envs?: Record<string, string>;
    onData: (data: Uint8Array) => void;
  }): Promise<DaytonaPtyLike>;
}

export interface DaytonaSandboxLike {
  id: string;
  process: DaytonaProcessLike;
  delete(): Promise<void>;
}

export interface DaytonaClientLike {
  create(params?: { image?: string; labels?: Record<string, string> }): Promise<DaytonaSandboxLike>;
  findOne?(filter: { labels?: Record<string, string> }): Promise<DaytonaSandboxLike>;
}

export interface DaytonaSdk {
  Daytona: new (config?: { apiKey?: string; apiUrl?: string; target?: string }) => DaytonaClientLike;
}

export async function loadDaytonaSdk(): Promise<DaytonaSdk> {
  // A variable specifier: the package is optional and has no types installed here.
  const specifier = '@daytonaio/sdk';
  let loaded: unknown;
  try {
    loaded = await import(specifier);
  } catch {
    throw new Error('the Daytona SDK is not installed: npm install @daytonaio/sdk');
  }
  if (typeof loaded !== 'object' || loaded === null || typeof Reflect.get(loaded, 'Daytona') !== 'function') {
    throw new Error('the installed "@daytonaio/sdk" package has no Daytona client');
  }
  return loaded as DaytonaSdk;
}
