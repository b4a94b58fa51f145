import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localHostKey } from '../approval/analysis';
import { EgressPolicy } from '../sandbox/egress';
import type { CommandCheck } from './toolModule';
import { loadTools } from './testing/harness';
import { sendJson, sendText, startServer, type TestServer } from './testing/httpServer';
import * as web from './web';

interface Search {
  provider: string;
  results: { title: string; url: string; snippet: string }[];
}
interface Extract {
  pages: { url: string; title?: string; content?: string; source?: string; error?: string }[];
  provider_error?: string;
}

const ARTICLE = `<!doctype html><html><head><title>Snakes of the world</title></head><body>
<nav><a href="/home">Home</a> <a href="/about">About</a></nav>
<main><article><h1>Caduceus</h1>
<p>The caduceus is the staff carried by Hermes in Greek mythology. It is a short staff entwined by two
serpents, sometimes surmounted by wings. <a href="/staff">Read about staffs</a>.</p>
<p>In later antiquity the caduceus provided the basis for the astrological symbol representing Mercury.</p>
<ul><li>two snakes</li><li>wings</li></ul></article></main>
<script>document.write('tracking')</script><footer>Copyright</footer></body></html>`;

let server: TestServer;
/** The test server's own host, listed as the person would in network.allowed_local_hosts. */
const listed = new EgressPolicy({ allowedLocalHosts: () => [new URL(server.url).host] });
const hang: { release?: () => void } = {};

beforeAll(async () => {
  server = await startServer(async (req, res) => {
    const path = req.path.split('?')[0];
    switch (path) {
      case '/brave/web/search':
        return sendJson(res, {
          web: { results: [{ title: 'Brave hit', url: 'https://a.example/', description: ' A  snippet ' }] },
        });
      case '/tavily/search':
        return sendJson(res, { results: [{ title: 'Tavily hit', url: 'https://b.example/', content: 'b' }] });
      case '/exa/search':
        return sendJson(res, { results: [{ title: 'Exa hit', url: 'https://c.example/', text: 'c' }] });
      case '/firecrawl/search':
        return sendJson(res, { success: true, data: { web: [{ title: 'Fc', url: 'https://d.example/' }] } });
      case '/searx/search':
        return sendJson(res, {
          results: Array.from({ length: 9 }, (_, i) => ({ title: `S${i}`, url: `https://e${i}.example/` })),
        });
      case '/denied/web/search':
        return sendJson(res, { error: 'bad key' }, 401);
      case '/tavily/extract': {
        const { urls } = JSON.parse(req.body) as { urls: string[] };
        return sendJson(res, {
          results: [{ url: urls[0], raw_content: '# From Tavily' }],
          failed_results: [],
        });
      }
      case '/article':
        return sendText(res, ARTICLE, 'text/html; charset=utf-8');
      case '/plain':
        return sendText(res, 'just text\n', 'text/plain');
      case '/image.png':
        return sendText(res, Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png');
      case '/huge':
        return sendText(res, `<html><body><p>${'word '.repeat(40_000)}</p></body></html>`, 'text/html');
      case '/hang':
        await new Promise<void>((resolve) => (hang.release = resolve));
        return sendText(res, 'late', 'text/plain');
      default:
        return sendText(res, 'missing', 'text/plain', 404);
    }
  });
});

afterAll(async () => {
  hang.release?.();
  await server.close();
});

describe('web_search', () => {
  it('is unavailable without a provider, naming every variable that would enable it', async () => {
    const tools = loadTools(web, { env: {} });
    const reason = await tools.unavailable('web_search');
    for (const name of ['BRAVE_API_KEY', 'TAVILY_API_KEY', 'EXA_API_KEY', 'FIRECRAWL_API_KEY', 'SEARXNG_URL'])
      expect(reason).toContain(name);
    expect(await tools.call('web_search', { query: 'x' })).toMatch(/set one of BRAVE_API_KEY/);
  });

  it.each([
    ['brave', { BRAVE_API_KEY: 'kb', BRAVE_BASE_URL: '/brave' }, 'Brave hit'],
    ['tavily', { TAVILY_API_KEY: 'kt', TAVILY_BASE_URL: '/tavily' }, 'Tavily hit'],
    ['exa', { EXA_API_KEY: 'ke', EXA_BASE_URL: '/exa' }, 'Exa hit'],
    ['firecrawl', { FIRECRAWL_API_KEY: 'kf', FIRECRAWL_BASE_URL: '/firecrawl' }, 'Fc'],
    ['searxng', { SEARXNG_URL: '/searx' }, 'S0'],
  ])('queries %s and normalises its results', async (provider, vars, title) => {
    const env = Object.fromEntries(
      Object.entries(vars).map(([k, v]) => [k, v.startsWith('/') ? server.url + v : v]),
    );
    const tools = loadTools(web, { env });
    expect(await tools.unavailable('web_search')).toBeUndefined();
    const before = server.requests.length;
    const result = await tools.json<Search>('web_search', { query: 'hermes staff', limit: 3 });
    expect(result.provider).toBe(provider);
    expect(result.results[0]?.title).toBe(title);
    expect(result.results.length).toBeLessThanOrEqual(3);
    const sent = server.requests[before];
    expect(sent?.path.includes('hermes') || sent?.body.includes('hermes staff')).toBe(true);
    if (provider === 'brave') expect(sent?.headers['x-subscription-token']).toBe('kb');
    if (provider === 'tavily') expect(sent?.headers.authorization).toBe('Bearer kt');
    if (provider === 'exa') expect(sent?.headers['x-api-key']).toBe('ke');
  });

  it('trims snippets and prefers the provider named in CADUCEUS_WEB_PROVIDER', async () => {
    const env = {
      BRAVE_API_KEY: 'kb',
      BRAVE_BASE_URL: `${server.url}/brave`,
      SEARXNG_URL: `${server.url}/searx`,
    };
    const first = await loadTools(web, { env }).json<Search>('web_search', { query: 'q' });
    expect(first.results[0]).toEqual({ title: 'Brave hit', url: 'https://a.example/', snippet: 'A snippet' });
    const chosen = await loadTools(web, { env: { ...env, CADUCEUS_WEB_PROVIDER: 'searxng' } }).json<Search>(
      'web_search',
      { query: 'q' },
    );
    expect(chosen.provider).toBe('searxng');
    expect(chosen.results).toHaveLength(5);
  });

  it('reports a provider failure as an error result with the HTTP status', async () => {
    const tools = loadTools(web, { env: { BRAVE_API_KEY: 'bad', BRAVE_BASE_URL: `${server.url}/denied` } });
    const result = await tools.json('web_search', { query: 'q' });
    expect(result.error).toMatch(/brave.*HTTP 401.*bad key/);
    expect(result.error).not.toContain('bad"');
  });
});

describe('web_extract', () => {
  const tools = () => loadTools(web, { env: {}, egress: listed });

  it('is available without any key and converts the main article to Markdown', async () => {
    expect(await tools().unavailable('web_extract')).toBeUndefined();
    const { pages } = await tools().json<Extract>('web_extract', { urls: [`${server.url}/article`] });
    const page = pages[0];
    expect(page?.source).toBe('direct');
    expect(page?.title).toBe('Snakes of the world');
    expect(page?.content).toMatch(/staff carried by Hermes/);
    expect(page?.content).toContain(`[Read about staffs](${server.url}/staff)`);
    expect(page?.content).toMatch(/^-\s+two snakes$/m);
    expect(page?.content).not.toContain('[Home]');
    expect(page?.content).not.toContain('tracking');
  });

  it('passes text through, refuses binaries, non-http URLs and failed fetches per page', async () => {
    const urls = [
      `${server.url}/plain`,
      `${server.url}/image.png`,
      'file:///etc/passwd',
      `${server.url}/gone`,
    ];
    const { pages } = await tools().json<Extract>('web_extract', { urls });
    expect(pages.map((p) => p.url)).toEqual(urls);
    expect(pages[0]?.content).toBe('just text');
    expect(pages[1]?.error).toMatch(/image\/png, not a text page/);
    expect(pages[2]?.error).toMatch(/Only absolute http and https URLs/);
    expect(pages[3]?.error).toMatch(/HTTP 404/);
  });

  it('caps the size of what it returns', async () => {
    const { pages } = await tools().json<Extract>('web_extract', { urls: [`${server.url}/huge`] });
    expect(pages[0]?.content?.length).toBeLessThan(51_000);
    expect(pages[0]?.content).toMatch(/\[\.\.\. truncated: \d+ more characters\]$/);
  });

  it('refuses more than five URLs before fetching anything', async () => {
    const before = server.requests.length;
    const result = await tools().json('web_extract', { urls: Array(6).fill(`${server.url}/plain`) });
    expect(result.error).toMatch(/urls must NOT have more than 5 items/);
    expect(server.requests.length).toBe(before);
  });

  it('uses the extract provider and falls back to a direct fetch for pages it did not return', async () => {
    const env = { TAVILY_API_KEY: 'kt', TAVILY_BASE_URL: `${server.url}/tavily` };
    const { pages } = await loadTools(web, { env, egress: listed }).json<Extract>('web_extract', {
      urls: [`${server.url}/one`, `${server.url}/plain`],
    });
    expect(pages[0]).toMatchObject({ source: 'tavily', content: '# From Tavily' });
    expect(pages[1]).toMatchObject({ source: 'direct', content: 'just text' });
  });

  it('refuses a local host that is not listed, before it sees a request', async () => {
    const before = server.requests.length;
    const { pages } = await loadTools(web, { env: {} }).json<Extract>('web_extract', {
      urls: [`${server.url}/plain`],
    });
    expect(pages[0]?.error).toMatch(
      /127\.0\.0\.1 is a loopback address; add it to network\.allowed_local_hosts/,
    );
    expect(server.requests.length).toBe(before);
  });

  it('asks the approval gate about an unlisted local host, with the finding that says why', async () => {
    const checks: CommandCheck[] = [];
    const gate = (answer: boolean) => async (check: CommandCheck) => {
      checks.push(check);
      return answer
        ? ({ allowed: true } as const)
        : ({ allowed: false, blocked: false, message: 'the person said no', decidedBy: 'human' } as const);
    };
    const url = `${server.url}/plain`;
    const yes = await loadTools(web, { env: {}, commandGate: gate(true) }).json<Extract>('web_extract', {
      urls: [url],
    });
    expect(yes.pages[0]?.content).toBe('just text');
    const no = await loadTools(web, { env: {}, commandGate: gate(false) }).json<Extract>('web_extract', {
      urls: [url],
    });
    expect(no.pages[0]?.error).toMatch(/loopback address: the person said no/);
    const key = localHostKey('127.0.0.1', Number(new URL(url).port));
    expect(checks.map((c) => [c.command, c.extraKeys])).toEqual([
      [`curl -sS -- '${url}'`, [key]],
      [`curl -sS -- '${url}'`, [key]],
    ]);
  });

  it('stops waiting when the turn is cancelled', async () => {
    const controller = new AbortController();
    const pending = tools().json<Extract>(
      'web_extract',
      { urls: [`${server.url}/hang`] },
      { signal: controller.signal },
    );
    while (!server.requests.some((r) => r.path === '/hang')) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    const { pages } = await pending;
    expect(pages[0]?.error).toMatch(/cancelled/);
  });
});
