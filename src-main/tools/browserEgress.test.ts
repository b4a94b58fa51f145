import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressPolicy } from '../sandbox/egress';
import * as browser from './browser';
import { BrowserPool } from './browser/pool';
import { loadTools } from './testing/harness';
import type { CommandCheck } from './toolModule';
import { sendText, startServer, type TestServer } from './testing/httpServer';

// Every request a page makes leaves through the egress proxy: a page on an allowed host cannot
// reach a loopback listener by subresource, fetch, WebSocket, iframe, redirect or WebRTC.

let site: TestServer;
let listener: Server;
let udp: UdpSocket;
const leaks: string[] = [];
let port = 0;
let udpPort = 0;
let pool: BrowserPool;

const attackPage = () => `<!doctype html><title>attack</title>
<a href="file:///etc/hostname">local file</a>
<script>
  const L = 'http://127.0.0.1:${port}';
  const settle = (el) => new Promise((r) => { el.onload = el.onerror = r; document.body.append(el); });
  const img = (src) => { const i = new Image(); i.src = src; return settle(i); };
  const frame = () => { const f = document.createElement('iframe'); f.src = L + '/frame'; return settle(f); };
  const socket = (url) => new Promise((r) => { const ws = new WebSocket(url); ws.onopen = ws.onerror = ws.onclose = r; });
  const rtc = () => new Promise((r) => {
    const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${udpPort}' }] });
    pc.createDataChannel('x');
    pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && r();
    pc.createOffer().then((o) => pc.setLocalDescription(o));
  });
  Promise.all([
    img(L + '/img'),
    img('http://localhost:${port}/img-by-name'),
    img('http://[::ffff:127.0.0.1]:${port}/img-mapped'),
    frame(),
    fetch(L + '/fetch', { mode: 'no-cors' }).catch(() => {}),
    fetch('/same-origin').then((r) => r.text()),
    socket('ws://127.0.0.1:${port}/ws'),
    rtc(),
  ]).then(() => fetch('/done'));
</script>`;

beforeAll(async () => {
  listener = createServer((req, res) => res.end('leaked'));
  listener.on('connection', () => leaks.push('tcp'));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
  udp = createSocket('udp4');
  udp.on('message', () => leaks.push('udp'));
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
  udpPort = udp.address().port;
  site = await startServer((req, res) => {
    if (req.path === '/attack') return sendText(res, attackPage(), 'text/html');
    const embed = /^\/embed\/(\d+)$/.exec(req.path);
    if (embed)
      return sendText(
        res,
        `<title>embed</title><script>
          const i = new Image();
          i.onload = i.onerror = () => fetch('/embed-done');
          i.src = 'http://127.0.0.1:${embed[1]}/from-another-task';
        </script>`,
        'text/html',
      );
    if (req.path === '/redirect') {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/after-redirect` });
      return void res.end();
    }
    return sendText(res, `<title>ok ${req.path}</title>`, 'text/html');
  });
  pool = new BrowserPool({
    env: process.env,
    egress: new EgressPolicy({ allowedLocalHosts: () => [new URL(site.url).host] }),
  });
});

afterAll(async () => {
  await pool.closeAll();
  await site.close();
  listener.closeAllConnections();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  await new Promise<void>((resolve) => udp.close(() => resolve()));
});

async function until(what: string, condition: () => boolean): Promise<void> {
  for (let i = 0; !condition(); i++) {
    if (i > 3000) throw new Error(`waited too long for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the browser behind the egress proxy', () => {
  it('loads an allowed page whose subresources, fetch, WebSocket and WebRTC aim at a loopback listener; none arrives', async () => {
    const tools = loadTools(browser, { browser: pool });
    const opened = await tools.call('browser_navigate', { url: `${site.url}/attack` });
    expect(opened).toContain('Title: attack');
    await until(
      'the page to finish its attempts (or one to leak)',
      () => site.requests.some((r) => r.path === '/done') || leaks.length > 0,
    );
    expect(leaks).toEqual([]);
    expect(site.requests.map((r) => r.path)).toContain('/same-origin');
  });

  it('refuses to open a loopback page, and a redirect from an allowed page to one', async () => {
    const tools = loadTools(browser, { browser: pool });
    const direct = await tools.json('browser_navigate', { url: `http://127.0.0.1:${port}/direct` });
    expect(direct.error).toMatch(/browser_navigate refused: 127\.0\.0\.1 is a loopback address/);
    const redirected = await tools.call('browser_navigate', { url: `${site.url}/redirect` });
    expect(redirected).not.toContain('leaked');
    expect(leaks).toEqual([]);
  });

  it('asks before opening an unlisted local page; a yes opens that host and port to it, and nothing else', async () => {
    const asked: string[] = [];
    const gate = (answer: boolean) => async (check: CommandCheck) => {
      asked.push(check.command);
      return answer
        ? ({ allowed: true } as const)
        : ({ allowed: false, blocked: false, message: 'the person said no' } as const);
    };
    const other = await startServer((req, res) =>
      req.path === '/page'
        ? sendText(
            res,
            `<title>other</title><img src="/own.png"><img src="http://127.0.0.1:${port}/x">`,
            'text/html',
          )
        : sendText(res, '', 'image/png'),
    );
    try {
      const refused = await loadTools(browser, { browser: pool, commandGate: gate(false) }).json(
        'browser_navigate',
        { url: `${other.url}/page` },
        { taskId: 'asked' },
      );
      expect(refused.error).toMatch(/loopback address: the person said no/);
      expect(other.requests).toEqual([]);
      const tools = loadTools(browser, { browser: pool, commandGate: gate(true) });
      expect(
        await tools.call('browser_navigate', { url: `${other.url}/page` }, { taskId: 'asked' }),
      ).toContain('Title: other');
      await until('the page to load its own image', () => other.requests.some((r) => r.path === '/own.png'));
      expect(asked).toEqual([`curl -sS -- '${other.url}/page'`, `curl -sS -- '${other.url}/page'`]);
      expect(leaks).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("a yes for one task's navigation opens that host to that task's pages only", async () => {
    const other = await startServer((req, res) =>
      req.path === '/page'
        ? sendText(res, '<title>other</title>', 'text/html')
        : sendText(res, '', 'image/png'),
    );
    try {
      const yes = async () => ({ allowed: true }) as const;
      const opened = await loadTools(browser, { browser: pool, commandGate: yes }).call(
        'browser_navigate',
        { url: `${other.url}/page` },
        { taskId: 'granted' },
      );
      expect(opened).toContain('Title: other');
      const port = new URL(other.url).port;
      const stranger = await loadTools(browser, { browser: pool }).call(
        'browser_navigate',
        { url: `${site.url}/embed/${port}` },
        { taskId: 'stranger' },
      );
      expect(stranger).toContain('Title: embed');
      await until('the page to try its image', () => site.requests.some((r) => r.path === '/embed-done'));
      expect(other.requests.map((r) => r.path)).toContain('/page');
      expect(other.requests.map((r) => r.path)).not.toContain('/from-another-task');
    } finally {
      await other.close();
    }
  });

  it('does not show a local file a page links to', async () => {
    const tools = loadTools(browser, { browser: pool });
    await tools.call('browser_navigate', { url: `${site.url}/attack` }, { taskId: 'files' });
    const snapshot = await tools.call('browser_snapshot', {}, { taskId: 'files' });
    const ref = /link "local file" \[ref=(\w+)\]/.exec(snapshot)?.[1];
    expect(ref).toBeTruthy();
    await tools.call('browser_click', { ref }, { taskId: 'files' });
    const after = await tools.call('browser_snapshot', {}, { taskId: 'files' });
    expect(after).not.toMatch(/URL: file:/);
  });

  it('sends a tab that lands on a file:// page away, however it got there', async () => {
    const tab = await pool.tab('landed');
    await tab.page.goto('file:///etc/hostname').catch(() => {});
    await until('the tab to leave the file', () => tab.page.url() === 'about:blank');
    expect(tab.console.map((c) => c.text)).toContainEqual(
      expect.stringMatching(/local files are not opened/),
    );
  });
});
