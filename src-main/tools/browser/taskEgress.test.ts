import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressPolicy, type ResolvedAddress } from '../../sandbox/egress';
import { TaskEgress } from './taskEgress';

// What a task's navigation was allowed opens its own proxy alone, and for the address shown.

let listener: Server;
let port = 0;
const arrived: string[] = [];
/** What `rebind.test` resolves to now. */
let answer: ResolvedAddress[] = [];
let egress: TaskEgress;

beforeAll(async () => {
  listener = createServer((req, res) => {
    arrived.push(req.url ?? '');
    res.end('reached');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
  egress = new TaskEgress(new EgressPolicy({ resolve: async () => answer }));
});

afterAll(async () => {
  await egress.closeAll();
  listener.closeAllConnections();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

/** A GET through a proxy, in absolute form as a browser sends it; the status that came back. */
function viaProxy(proxyUrl: string, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const proxy = new URL(proxyUrl);
    const req = request({ host: proxy.hostname, port: proxy.port, path: url }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A navigation of `taskId` that a person allowed, shown `address`. */
async function allowNavigation(taskId: string, address: string) {
  const yes = egress.remembering(taskId, async () => true);
  await yes({ url: `http://rebind.test:${port}/`, host: 'rebind.test', port, address, kind: 'loopback' });
}

describe('a task’s egress proxy', () => {
  it('lets the allowed address through for that task only', async () => {
    answer = [{ address: '127.0.0.1', family: 4 }];
    await allowNavigation('mine', '127.0.0.1');
    const mine = await egress.taskProxy('mine');
    const theirs = await egress.taskProxy('theirs');
    expect(await viaProxy(mine.url, `http://rebind.test:${port}/mine`)).toBe(200);
    expect(await viaProxy(theirs.url, `http://rebind.test:${port}/theirs`)).toBe(403);
    expect(await viaProxy((await egress.browserProxy()).url, `http://127.0.0.1:${port}/shared`)).toBe(403);
    expect(arrived).toEqual(['/mine']);
  });

  it('does not follow a name to another address than the one the person was shown', async () => {
    await allowNavigation('moved', '10.0.0.5');
    answer = [{ address: '127.0.0.1', family: 4 }];
    const proxy = await egress.taskProxy('moved');
    expect(await viaProxy(proxy.url, `http://rebind.test:${port}/moved`)).toBe(403);
    expect(arrived).not.toContain('/moved');
  });

  it('forgets a closed task’s yes', async () => {
    await egress.closeTask('mine');
    const again = await egress.taskProxy('mine');
    expect(await viaProxy(again.url, `http://rebind.test:${port}/after-close`)).toBe(403);
    expect(arrived).not.toContain('/after-close');
  });
});
