/** The narrow part of Modal's JS SDK (npm `modal` 0.11.x) this backend uses, loaded on demand. */

export interface ModalExecParams {
  mode?: 'text' | 'binary';
  stdout?: 'pipe' | 'ignore';
  stderr?: 'pipe' | 'ignore';
  workdir?: string;
  env?: Record<string, string>;
  pty?: boolean;
}

export interface ModalProcessLike {
  stdin: WritableStream<string | Uint8Array> & { writeText(text: string): Promise<void> };
  stdout: ReadableStream<string | Uint8Array>;
  stderr: ReadableStream<string | Uint8Array>;
  wait(): Promise<number>;
}

export interface ModalSandboxLike {
  sandboxId: string;
  exec(command: string[], params?: ModalExecParams): Promise<ModalProcessLike>;
  terminate(): Promise<unknown>;
}

export interface ModalClientLike {
  apps: { fromName(name: string, params?: { createIfMissing?: boolean }): Promise<unknown> };
  images: { fromRegistry(tag: string): unknown };
  sandboxes: {
    create(
      app: unknown,
      image: unknown,
      params?: { name?: string; blockNetwork?: boolean; timeoutMs?: number; workdir?: string },
    ): Promise<ModalSandboxLike>;
    fromName?(appName: string, name: string): Promise<ModalSandboxLike>;
  };
}

export interface ModalSdk {
  ModalClient: new (params?: { tokenId?: string; tokenSecret?: string }) => ModalClientLike;
}

export async function loadModalSdk(): Promise<ModalSdk> {
  // A variable specifier: the package is optional and has no types installed here.
  const specifier = 'modal';
  let loaded: unknown;
  try {
    loaded = await import(specifier);
  } catch {
    throw new Error('the Modal SDK is not installed: npm install -E modal@0.11.1');
  }
  if (
    typeof loaded !== 'object' ||
    loaded === null ||
    typeof Reflect.get(loaded, 'ModalClient') !== 'function'
  ) {
    throw new Error(
      'the installed "modal" package has no ModalClient; install modal@0.11.1 (the "latest" tag is unrelated)',
    );
  }
  return loaded as ModalSdk;
}
