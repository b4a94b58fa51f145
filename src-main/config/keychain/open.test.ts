import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSecretService, type SecretService } from '../testing/secretService';
import { keychainService, openSecretStore } from './open';

const OPEN = fileURLToPath(new URL('./open.ts', import.meta.url));

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-keychain-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

/**
 * One process's life: opens the host's store in a Node process of its own, optionally saves
 * SET=name=value (through the environment, never the command line), prints what it then holds.
 */
async function inProcess(env: NodeJS.ProcessEnv, set?: [string, string], maxEntryLength?: number) {
  const script = `
    const { openSecretStore } = await import(${JSON.stringify(OPEN)});
    const store = await openSecretStore(process.env.HOME_UNDER_TEST, {
      env: process.env, ${maxEntryLength ? `maxEntryLength: ${maxEntryLength},` : ''}
    });
    if (process.env.SET_NAME) await store.set(process.env.SET_NAME, process.env.SET_VALUE ?? '');
    const names = ['model_api_key', 'mcp_oauth:remote', 'long'];
    const held = Object.fromEntries(names.filter((n) => store.has(n)).map((n) => [n, store.get(n)]));
    console.log(JSON.stringify({ place: store.place, held }));`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      env: {
        ...env,
        HOME_UNDER_TEST: home,
        ...(set ? { SET_NAME: set[0], SET_VALUE: set[1] } : {}),
      },
    },
  );
  return JSON.parse(stdout) as {
    place: { kind: string; label: string; note?: string };
    held: Record<string, string>;
  };
}

describe('with a Secret Service on the session bus', () => {
  let service: SecretService;
  beforeAll(async () => {
    service = await startSecretService();
  });
  afterAll(async () => {
    await service?.stop();
  });

  it('keeps a key in the keychain: a later process reads it, and no file holds it', async () => {
    const first = await inProcess(service.env, ['model_api_key', 'sk-kept-across-restarts']);
    expect(first.place.kind).toBe('keychain');
    expect(first.place.label).toContain(keychainService(home));
    const later = await inProcess(service.env);
    expect(later.held).toEqual({ model_api_key: 'sk-kept-across-restarts' });
    await expect(stat(join(home, 'secrets.json'))).rejects.toThrow(/ENOENT/);
    // Removing it removes it from the keychain.
    await inProcess(service.env, ['model_api_key', '']);
    expect((await inProcess(service.env)).held).toEqual({});
  });

  it('splits a value longer than one entry holds, and joins it again', async () => {
    const long = `${'t'.repeat(2500)}😀${'u'.repeat(700)}`;
    await inProcess(service.env, ['long', long], 1000);
    expect((await inProcess(service.env, undefined, 1000)).held.long).toBe(long);
    await inProcess(service.env, ['long', 'short now'], 1000);
    expect((await inProcess(service.env, undefined, 1000)).held.long).toBe('short now');
  });

  it('moves the keys an earlier start kept in files into the keychain, then removes the files', async () => {
    await writeFile(join(home, 'secrets.json'), JSON.stringify({ model_api_key: 'sk-from-the-file' }));
    await writeFile(
      join(home, 'mcp-credentials.json'),
      JSON.stringify({ 'mcp_oauth:remote': '{"serverUrl":"http://127.0.0.1:1/mcp"}' }),
    );
    const opened = await inProcess(service.env);
    expect(opened.place.kind).toBe('keychain');
    expect(opened.held).toEqual({
      model_api_key: 'sk-from-the-file',
      'mcp_oauth:remote': '{"serverUrl":"http://127.0.0.1:1/mcp"}',
    });
    await expect(stat(join(home, 'secrets.json'))).rejects.toThrow(/ENOENT/);
    await expect(stat(join(home, 'mcp-credentials.json'))).rejects.toThrow(/ENOENT/);
    expect((await inProcess(service.env)).held.model_api_key).toBe('sk-from-the-file');
  });

  it('moves secrets handed over from safeStorage (the desktop app) in', async () => {
    const store = await openSecretStore(home, { env: service.env, legacy: { model_api_key: 'sk-safe' } });
    expect(store.place.kind).toBe('keychain');
    expect((await inProcess(service.env)).held).toEqual({ model_api_key: 'sk-safe' });
    await expect(stat(join(home, 'secrets.json'))).rejects.toThrow(/ENOENT/);
  });
});

describe('where no keychain answers', () => {
  const noBus = () => {
    const env = { ...process.env };
    delete env.DBUS_SESSION_BUS_ADDRESS;
    return env;
  };

  it('keeps keys in a 0600 file and says so, and a later process reads them', async () => {
    const first = await inProcess(noBus(), ['model_api_key', 'sk-in-the-file']);
    expect(first.place).toMatchObject({ kind: 'file', label: join(home, 'secrets.json') });
    expect(first.place.note).toMatch(/No OS keychain answered \(no Secret Service .* headless, ssh or WSL/);
    expect((await stat(join(home, 'secrets.json'))).mode & 0o777).toBe(0o600);
    expect((await inProcess(noBus())).held).toEqual({ model_api_key: 'sk-in-the-file' });
  });

  it('gives up on a session bus that never answers, and falls back to the file', async () => {
    const socket = join(home, 'bus');
    const sockets = new Set<Socket>();
    // Accepts connections and says nothing, as a hung bus does.
    const bus: Server = createServer((s) => sockets.add(s));
    await new Promise<void>((resolve) => bus.listen(socket, resolve));
    try {
      const store = await openSecretStore(home, {
        env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: `unix:path=${socket}` },
        timeoutMs: 3000,
      });
      expect(store.place.kind).toBe('file');
      expect(store.place.note).toMatch(/did not answer/);
      await store.set('model_api_key', 'sk-still-saved');
      expect(JSON.parse(await readFile(join(home, 'secrets.json'), 'utf8'))).toEqual({
        model_api_key: 'sk-still-saved',
      });
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => bus.close(resolve));
    }
  });
});
