/** web_extract: a provider's extract API when one is configured, else a direct fetch. */
import { z } from 'zod';
import { bearer, ensureOk, fetchJson, HttpError, readCapped, request, type RequestOptions } from '../http';
import type { ProviderConfig } from './providers';

export interface ExtractedPage {
  url: string;
  title: string;
  content: string;
  /** Who produced the content: a provider name or "direct". */
  source: string;
}

/** HTML beyond this is rarely content and slows the parser. */
const MAX_PAGE_BYTES = 3_000_000;
const USER_AGENT = 'Mozilla/5.0 (compatible; Caduceus/0.1)';

const json = { 'content-type': 'application/json', accept: 'application/json' };
const text = z.string().nullish();

const TavilyExtractSchema = z.object({
  results: z.array(z.object({ url: z.string(), raw_content: text, title: text })),
});
const ExaContentsSchema = z.object({
  results: z.array(z.object({ url: z.string(), title: text, text })),
});
const FirecrawlScrapeSchema = z.object({
  data: z.object({ markdown: text, metadata: z.object({ title: text }).partial().nullish() }),
});

type ProviderExtract = (p: ProviderConfig, urls: string[], o: RequestOptions) => Promise<ExtractedPage[]>;

const EXTRACTS: Partial<Record<ProviderConfig['name'], ProviderExtract>> = {
  async tavily(p, urls, o) {
    const init = { method: 'POST', headers: { ...json, ...bearer(p.key) }, body: JSON.stringify({ urls }) };
    const body = await fetchJson(`${p.baseUrl}/extract`, init, TavilyExtractSchema, 'Tavily', o);
    return body.results.map((r) => page(r.url, r.title, r.raw_content, 'tavily'));
  },
  async exa(p, urls, o) {
    const init = {
      method: 'POST',
      headers: { ...json, 'x-api-key': p.key },
      body: JSON.stringify({ urls, text: true }),
    };
    const body = await fetchJson(`${p.baseUrl}/contents`, init, ExaContentsSchema, 'Exa', o);
    return body.results.map((r) => page(r.url, r.title, r.text, 'exa'));
  },
  async firecrawl(p, urls, o) {
    const pages = await Promise.allSettled(
      urls.map(async (url) => {
        const init = {
          method: 'POST',
          headers: { ...json, ...bearer(p.key) },
          body: JSON.stringify({ url, formats: ['markdown'] }),
        };
        const body = await fetchJson(`${p.baseUrl}/scrape`, init, FirecrawlScrapeSchema, 'Firecrawl', o);
        return page(url, body.data.metadata?.title, body.data.markdown, 'firecrawl');
      }),
    );
    return pages.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  },
};

function page(
  url: string,
  title: string | null | undefined,
  content: string | null | undefined,
  source: string,
) {
  return { url, title: title?.trim() ?? '', content: content?.trim() ?? '', source };
}

/** Pages a provider returned with content, by requested URL; the rest are left to the caller. */
export async function extractWithProvider(
  provider: ProviderConfig,
  urls: string[],
  options: RequestOptions,
): Promise<Map<string, ExtractedPage>> {
  const extract = EXTRACTS[provider.name];
  const out = new Map<string, ExtractedPage>();
  if (!extract) return out;
  for (const result of await extract(provider, urls, options)) {
    if (result.content && urls.includes(result.url)) out.set(result.url, result);
  }
  return out;
}

/** Fetches a page ourselves and converts it; text formats pass through unchanged. */
export async function fetchPage(url: string, options: RequestOptions): Promise<ExtractedPage> {
  const init: RequestInit = {
    headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml,text/*;q=0.9,*/*;q=0.5' },
    redirect: 'follow',
  };
  const response = await ensureOk(await request(url, init, options), new URL(url).host);
  const contentType = (response.headers.get('content-type') ?? '').toLowerCase();
  const kind = contentKind(contentType);
  if (kind === 'binary') throw new HttpError(`${url} is ${contentType.split(';')[0]}, not a text page`);
  const bytes = await readCapped(response, MAX_PAGE_BYTES, 'The page', 'cut');
  const body = decode(bytes, contentType);
  const finalUrl = response.url || url;
  if (kind === 'html' || (kind === 'unknown' && /^\s*<(!doctype html|html)/i.test(body))) {
    // linkedom, Readability and Turndown load with the first HTML page, not at start-up.
    const { htmlToMarkdown } = await import('./htmlToMarkdown');
    const { title, markdown } = htmlToMarkdown(body, finalUrl);
    return { url, title, content: markdown, source: 'direct' };
  }
  return { url, title: '', content: body.trim(), source: 'direct' };
}

function contentKind(contentType: string): 'html' | 'text' | 'binary' | 'unknown' {
  if (!contentType) return 'unknown';
  if (/^(text\/html|application\/xhtml\+xml)/.test(contentType)) return 'html';
  if (
    /^text\/|^application\/([\w.+-]+\+)?(json|xml)|^application\/(javascript|x-yaml|yaml)/.test(contentType)
  )
    return 'text';
  return 'binary';
}

function decode(bytes: Buffer, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
