import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventBus } from '../contract/eventBus';
import { createRouter, type Handlers } from '../contract/router';
import { loadServeIdentity, rememberServePort, TOKEN_FILE } from './identity';
import { startHost } from './server';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-serve-id-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

describe("serve's kept address", () => {
  it('keeps one token in a 0600 file until --new-token rotates it', async () => {
    const first = await loadServeIdentity(home);
    expect(first.token).toMatch(/^[0-9a-f]{48}$/);
    expect((await stat(join(home, TOKEN_FILE))).mode & 0o777).toBe(0o600);
    expect((await loadServeIdentity(home)).token).toBe(first.token);
    const rotated = await loadServeIdentity(home, { newToken: true });
    expect(rotated.token).not.toBe(first.token);
    expect((await loadServeIdentity(home)).token).toBe(rotated.token);
  });

  it('replaces a damaged token file and ignores a damaged port file', async () => {
    await writeFile(join(home, TOKEN_FILE), 'short\n');
    await writeFile(join(home, 'serve.json'), '{ not json');
    const id = await loadServeIdentity(home);
    expect(id.token).toMatch(/^[0-9a-f]{48}$/);
    expect((await readFile(join(home, TOKEN_FILE), 'utf8')).trim()).toBe(id.token);
    expect(id.port).toBeUndefined();
  });

  it('listens on the remembered port, and on another when it is taken', async () => {
    const options = {
      invoke: createRouter({} as unknown as Handlers),
      events: new EventBus(),
      staticRoot: home,
    };
    const first = await startHost({ ...options, port: 0 });
    await rememberServePort(home, first.port);
    const remembered = (await loadServeIdentity(home)).port;
    expect(remembered).toBe(first.port);
    await first.close();

    const again = await startHost({ ...options, port: remembered ?? 0, preferredPort: true });
    expect(again.port).toBe(first.port);
    await again.close();

    // Someone else holds it now.
    const squatter = createServer();
    await new Promise<void>((r) => squatter.listen(first.port, '127.0.0.1', r));
    try {
      const moved = await startHost({ ...options, port: first.port, preferredPort: true });
      expect(moved.port).not.toBe(first.port);
      await moved.close();
      // An explicit port is not a preference: taken is an error.
      await expect(startHost({ ...options, port: first.port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await new Promise((r) => squatter.close(r));
    }
  });
});
