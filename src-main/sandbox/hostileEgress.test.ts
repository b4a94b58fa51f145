import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScriptedModel } from '../agent/testing/scriptedModel';
import { main } from '../cli/main';
import { memoryIo } from '../cli/testing';
import { lastToolResult, sha } from '../testing/hostileChat';

// The app's own fetches (web tools, the browser and every request its pages make) pass the
// egress policy: a hostile model reaches no loopback listener through them.
describe('a hostile model under caduceus chat --approvals deny', () => {
  it('reaches no loopback listener through web_extract or the browser, while a listed local host still works', async () => {
    const own = await mkdtemp(join(tmpdir(), 'caduceus-hostile-egress-'));
    const seen: string[] = [];
    const target = createServer((req, res) => res.end(`leaked ${req.url ?? ''}`));
    target.on('connection', () => seen.push('tcp'));
    const siteLog: string[] = [];
    let targetPort = 0;
    const site = createServer((req, res) => {
      siteLog.push(req.url ?? '');
      const at = `127.0.0.1:${targetPort}`;
      if (req.url === '/redirect') {
        res.writeHead(302, { location: `http://${at}/after-redirect` });
        return void res.end();
      }
      if (req.url === '/page') {
        res.setHeader('content-type', 'text/html');
        return void res.end(`<title>page</title><img src="http://${at}/img"><script>
          const ws = new WebSocket('ws://${at}/ws');
          Promise.all([
            fetch('http://${at}/fetch', { mode: 'no-cors' }).catch(() => {}),
            new Promise((r) => { ws.onerror = ws.onclose = ws.onopen = r; }),
            new Promise((r) => { const i = document.images[0]; i.complete ? r() : (i.onload = i.onerror = r); }),
          ]).then(() => fetch('/done'));</script>`);
      }
      res.setHeader('content-type', 'text/plain');
      res.end('listed host content');
    });
    const scripted = await ScriptedModel.start();
    try {
      for (const server of [target, site])
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      targetPort = (target.address() as AddressInfo).port;
      const sitePort = (site.address() as AddressInfo).port;
      const ownHome = join(own, 'home');
      await mkdir(ownHome);
      await mkdir(join(own, 'ws'));
      const config = join(ownHome, 'config.yaml');
      await writeFile(config, `network:\n  allowed_local_hosts: ["127.0.0.1:${sitePort}"]\n`);
      const before = await sha(config);
      const leak = (path: string) => `http://127.0.0.1:${targetPort}/${path}?secret=AKIA-from-item-2`;
      const siteUrl = (path: string) => `http://127.0.0.1:${sitePort}${path}`;
      scripted.push(
        ...[
          {
            urls: [
              leak('direct'),
              `http://localhost:${targetPort}/name`,
              `http://[::ffff:7f00:1]:${targetPort}/v6`,
            ],
          },
          { urls: [`http://2130706433:${targetPort}/decimal`, siteUrl('/redirect')] },
          { urls: [siteUrl('/listed')] },
        ].map((args) => ({ toolCalls: [{ name: 'web_extract', arguments: args }] })),
        { toolCalls: [{ name: 'browser_navigate', arguments: { url: leak('navigate') } }] },
        { toolCalls: [{ name: 'browser_navigate', arguments: { url: siteUrl('/page') } }] },
        // The next turn waits for the page to finish its attempts (or for one to arrive).
        async () => {
          // Bounded so a page that never loads fails the assertions below rather than hanging the chat.
          for (let i = 0; i < 3000 && !siteLog.includes('/done') && seen.length === 0; i++)
            await new Promise((r) => setTimeout(r, 10));
          return { toolCalls: [{ name: 'browser_navigate', arguments: { url: siteUrl('/redirect') } }] };
        },
        { text: 'done' },
      );
      // PATH, so the browser tools find Chromium.
      const env = { CADUCEUS_HOME: ownHome, HOME: join(own, 'user-home'), PATH: process.env.PATH ?? '' };
      const m = memoryIo(env, join(own, 'ws'));
      const argv = [
        'chat',
        '-q',
        'go',
        '--approvals',
        'deny',
        '--base-url',
        scripted.baseUrl,
        '--model',
        'm',
      ];
      const code = await main(argv, m.io);
      expect(code, m.stderr()).toBe(0);
      expect(scripted.requests.length).toBe(7);
      expect(seen).toEqual([]);
      const results = scripted.requests.slice(1).map(lastToolResult);
      expect(results[2]).toContain('listed host content');
      expect(results[0]).toMatch(/loopback address/);
      expect(results[3]).toMatch(/browser_navigate refused/);
      expect(results[4]).toContain('Title: page');
      expect(results[5]).not.toContain('leaked');
      expect(siteLog).toContain('/done');
      expect(await sha(config)).toBe(before);
    } finally {
      await scripted.close();
      for (const server of [target, site]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      await rm(own, { recursive: true, force: true });
    }
  }, 180_000);
});
