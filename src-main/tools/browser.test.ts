import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressPolicy } from '../sandbox/egress';
import * as browser from './browser';
import { BrowserPool } from './browser/pool';
import type { VisionService } from './media/vision';
import { loadTools } from './testing/harness';
import { sendText, startServer, type TestServer } from './testing/httpServer';

const FORM = `<!doctype html><title>Form page</title>
<h1>Greeter</h1>
<label>Name <input id="name"></label>
<button onclick="document.getElementById('out').textContent = 'Hello, ' + document.getElementById('name').value">Greet</button>
<p id="out">nobody yet</p>
<p id="key">no key</p>
<a href="/second">Second page</a>
<img src="/pic.png" alt="A picture">
<script>
  console.log('form ready');
  document.addEventListener('keydown', (e) => { document.getElementById('key').textContent = 'key ' + e.key; });
  setTimeout(() => { throw new Error('late failure'); }, 0);
</script>`;

const SECOND = `<!doctype html><title>Second</title><h1>Second heading</h1><div style="height:5000px">tall</div>`;

/** Reads a PNG's size from its header, as a real model would "see" the image. */
const vision: VisionService & { seen: string[] } = {
  seen: [],
  async analyze(image, question) {
    this.seen.push(image);
    const bytes = Buffer.from(image.replace(/^data:image\/png;base64,/, ''), 'base64');
    if (bytes.subarray(1, 4).toString() !== 'PNG') throw new Error('not a PNG');
    return `${question} -> ${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
  },
};

let server: TestServer;
const pool = new BrowserPool({
  env: process.env,
  // The test server's own host, listed as the person would in network.allowed_local_hosts.
  egress: new EgressPolicy({ allowedLocalHosts: () => [new URL(server.url).host] }),
});
const tools = loadTools(browser, { browser: pool, vision });
const refOf = (snapshot: string, label: RegExp) =>
  new RegExp(`${label.source}.*\\[ref=(\\w+)\\]`).exec(snapshot)?.[1];

beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.path === '/form') return sendText(res, FORM, 'text/html');
    if (req.path === '/second') return sendText(res, SECOND, 'text/html');
    if (req.path === '/pic.png') return sendText(res, Buffer.alloc(0), 'image/png');
    if (req.path === '/cookie-set') {
      res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'who=task-a; Path=/' });
      return void res.end('<title>set</title>');
    }
    if (req.path === '/cookie-show')
      return sendText(res, `<title>cookie=${req.headers.cookie ?? 'none'}</title>`, 'text/html');
    return sendText(res, 'missing', 'text/plain', 404);
  });
});

afterAll(async () => {
  await pool.closeAll();
  await server.close();
});

describe('browser availability', () => {
  it('is unavailable without a pool, without a browser, and (for vision) without a vision model', async () => {
    expect(await loadTools(browser, {}).unavailable('browser_navigate')).toMatch(/browser pool/);
    const missing = new BrowserPool({ env: { PATH: '', CADUCEUS_BROWSER_PATH: '/nonexistent/chrome' } });
    expect(await loadTools(browser, { browser: missing }).unavailable('browser_click')).toMatch(
      /CADUCEUS_BROWSER_PATH is set to "\/nonexistent\/chrome"/,
    );
    const none = new BrowserPool({ env: { PATH: '' } });
    expect(await loadTools(browser, { browser: none }).unavailable('browser_snapshot')).toMatch(
      /No Chromium or Chrome found.*CADUCEUS_BROWSER_PATH/,
    );
    const noVision = loadTools(browser, { browser: pool });
    expect(await noVision.unavailable('browser_navigate')).toBeUndefined();
    expect(await noVision.unavailable('browser_vision')).toMatch(/vision-capable model/);
  });
});

describe('browser tools in Chromium', () => {
  it('navigates, reads the tree with refs, types, clicks and presses keys', async () => {
    const opened = await tools.call('browser_navigate', { url: `${server.url}/form` });
    expect(opened).toContain(`Opened ${server.url}/form (HTTP 200)`);
    expect(opened).toContain('Title: Form page');
    expect(opened).toMatch(/heading "Greeter"/);

    const snapshot = await tools.call('browser_snapshot', {});
    expect(snapshot).not.toMatch(/^\s*- generic \[[^\]]*\]:?$/m);
    const name = refOf(snapshot, /textbox "Name"/);
    const greet = refOf(snapshot, /button "Greet"/);
    expect(name && greet).toBeTruthy();

    expect(await tools.json('browser_type', { ref: name, text: 'Ada' })).toMatchObject({ typed: name });
    expect(await tools.json('browser_click', { ref: greet })).toMatchObject({
      clicked: greet,
      title: 'Form page',
    });
    expect(await tools.json('browser_press', { key: 'q' })).toMatchObject({ pressed: 'q' });
    const after = await tools.call('browser_snapshot', { full: true });
    expect(after).toContain('Hello, Ada');
    expect(after).toContain('key q');
  });

  it('refuses bad refs and non-http URLs with messages a model can act on', async () => {
    expect((await tools.json('browser_click', { ref: 'button' })).error).toMatch(/not an element ref/);
    expect((await tools.json('browser_click', { ref: 'e9999' })).error).toMatch(
      /take a new browser_snapshot/,
    );
    expect((await tools.json('browser_navigate', { url: 'file:///etc/passwd' })).error).toMatch(
      /http and https/,
    );
  });

  it('lists images, collects console output and page errors, and clears on request', async () => {
    const { images } = await tools.json<{ images: { src: string; alt: string }[] }>('browser_get_images', {});
    expect(images).toEqual([expect.objectContaining({ src: `${server.url}/pic.png`, alt: 'A picture' })]);
    const { messages } = await tools.json<{ messages: { type: string; text: string }[] }>('browser_console', {
      clear: true,
    });
    expect(messages).toContainEqual({ type: 'log', text: 'form ready' });
    expect(messages).toContainEqual({ type: 'pageerror', text: 'late failure' });
    expect(await tools.json('browser_console', {})).toEqual({ messages: [] });
  });

  it('follows a link, scrolls, and goes back', async () => {
    const snapshot = await tools.call('browser_snapshot', {});
    await tools.call('browser_click', { ref: refOf(snapshot, /link "Second page"/) });
    expect(await tools.call('browser_snapshot', {})).toContain('heading "Second heading"');
    const down = await tools.json<{ scrollY: number }>('browser_scroll', { direction: 'down' });
    expect(down.scrollY).toBeGreaterThan(0);
    expect(await tools.json('browser_scroll', { direction: 'up' })).toMatchObject({ scrollY: 0 });
    expect(await tools.json('browser_back', {})).toEqual({ url: `${server.url}/form`, title: 'Form page' });
  });

  it('answers browser_vision from a screenshot of the page', async () => {
    const { answer } = await tools.json<{ answer: string }>('browser_vision', { question: 'size?' });
    expect(answer).toBe('size? -> 1280x800');
    expect(vision.seen.at(-1)).toMatch(/^data:image\/png;base64,/);
  });

  it('keeps one context per task: tabs and cookies are not shared', async () => {
    const a = { taskId: 'task-a' };
    const b = { taskId: 'task-b' };
    expect((await tools.json('browser_snapshot', {}, b)).error).toMatch(/call browser_navigate first/);
    expect((await tools.json('browser_back', {}, b)).error).toMatch(/no earlier page/);
    await tools.call('browser_navigate', { url: `${server.url}/cookie-set` }, a);
    expect(await tools.call('browser_navigate', { url: `${server.url}/cookie-show` }, a)).toContain(
      'cookie=who=task-a',
    );
    expect(await tools.call('browser_navigate', { url: `${server.url}/cookie-show` }, b)).toContain(
      'cookie=none',
    );
    await pool.closeTask('task-a');
    expect((await tools.json('browser_snapshot', {}, a)).error).toMatch(/call browser_navigate first/);
  });
});
