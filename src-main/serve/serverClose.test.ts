import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from '../contract/eventBus';
import { createRouter, type Handlers } from '../contract/router';
import { startHost } from './server';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A TCP connection to the host that `send`s what it is given, then stays open. */
function openConnection(port: number, send = ''): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      if (send) socket.write(send);
      resolve(socket);
    });
    socket.once('error', reject);
    cleanups.push(() => void socket.destroy());
  });
}

const closed = (socket: Socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()));

describe('stopping the serve host', () => {
  it('ends every connection a browser keeps open, so serve stops when asked', async () => {
    const root = await mkdtemp(join(tmpdir(), 'caduceus-host-close-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    await writeFile(join(root, 'index.html'), '<!doctype html><title>Caduceus</title>');
    const host = await startHost({
      invoke: createRouter({} as Handlers),
      events: new EventBus(),
      staticRoot: root,
    });
    // Chromium opens spare connections ahead of need that never send a request; and a page's
    // asset connection stays open between requests, or sits half-way through one.
    const spare = await openConnection(host.port);
    const kept = await openConnection(
      host.port,
      `GET /?token=${host.token} HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nConnection: keep-alive\r\n\r\n`,
    );
    const halfWay = await openConnection(host.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\n`);
    await new Promise<void>((resolve) => kept.once('data', () => resolve()));
    const ends = [spare, kept, halfWay].map(closed);
    await host.close();
    await Promise.all(ends);
    expect([spare, kept, halfWay].map((s) => s.destroyed)).toEqual([true, true, true]);
  });
});
