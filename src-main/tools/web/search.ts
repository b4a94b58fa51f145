/** web_search against each provider's API, normalised to title, URL and snippet. */
import { z } from 'zod';
import { bearer, fetchJson, type RequestOptions } from '../http';
import type { ProviderConfig, ProviderName } from './providers';

export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
}

type Search = (p: ProviderConfig, query: string, limit: number, o: RequestOptions) => Promise<SearchResult[]>;

const json = { 'content-type': 'application/json', accept: 'application/json' };
const text = z.string().nullish();

const BraveSchema = z.object({
  web: z
    .object({ results: z.array(z.object({ title: text, url: z.string(), description: text })) })
    .optional(),
});

const TavilySchema = z.object({
  results: z.array(z.object({ title: text, url: z.string(), content: text })),
});

const ExaSchema = z.object({
  results: z.array(z.object({ title: text, url: z.string(), text, summary: text })),
});

const FirecrawlItem = z.object({ title: text, url: z.string(), description: text });
// v1 answers with a list in `data`, v2 groups results by source under `data.web`.
const FirecrawlSchema = z.object({
  data: z.union([z.array(FirecrawlItem), z.object({ web: z.array(FirecrawlItem).default([]) })]),
});

const SearxngSchema = z.object({
  results: z.array(z.object({ title: text, url: z.string(), content: text })),
});

const SEARCHES: Record<ProviderName, Search> = {
  async brave(p, query, limit, o) {
    const url = `${p.baseUrl}/web/search?${new URLSearchParams({ q: query, count: String(limit) })}`;
    const body = await fetchJson(
      url,
      { headers: { accept: 'application/json', 'x-subscription-token': p.key } },
      BraveSchema,
      'Brave Search',
      o,
    );
    return (body.web?.results ?? []).map((r) => result(r.title, r.url, r.description));
  },
  async tavily(p, query, limit, o) {
    const init = {
      method: 'POST',
      headers: { ...json, ...bearer(p.key) },
      body: JSON.stringify({ query, max_results: limit }),
    };
    const body = await fetchJson(`${p.baseUrl}/search`, init, TavilySchema, 'Tavily', o);
    return body.results.map((r) => result(r.title, r.url, r.content));
  },
  async exa(p, query, limit, o) {
    const init = {
      method: 'POST',
      headers: { ...json, 'x-api-key': p.key },
      body: JSON.stringify({ query, numResults: limit, contents: { text: { maxCharacters: 400 } } }),
    };
    const body = await fetchJson(`${p.baseUrl}/search`, init, ExaSchema, 'Exa', o);
    return body.results.map((r) => result(r.title, r.url, r.summary ?? r.text));
  },
  async firecrawl(p, query, limit, o) {
    const init = {
      method: 'POST',
      headers: { ...json, ...bearer(p.key) },
      body: JSON.stringify({ query, limit }),
    };
    const body = await fetchJson(`${p.baseUrl}/search`, init, FirecrawlSchema, 'Firecrawl', o);
    const items = Array.isArray(body.data) ? body.data : body.data.web;
    return items.map((r) => result(r.title, r.url, r.description));
  },
  async searxng(p, query, _limit, o) {
    const url = `${p.baseUrl}/search?${new URLSearchParams({ q: query, format: 'json' })}`;
    const body = await fetchJson(
      url,
      { headers: { accept: 'application/json' } },
      SearxngSchema,
      'SearXNG',
      o,
    );
    return body.results.map((r) => result(r.title, r.url, r.content));
  },
};

const MAX_SNIPPET = 500;

function result(title: string | null | undefined, url: string, snippet: string | null | undefined) {
  const clean = (snippet ?? '').replace(/\s+/g, ' ').trim();
  return { title: (title ?? '').trim() || url, url, snippet: clean.slice(0, MAX_SNIPPET) };
}

export async function searchWeb(
  provider: ProviderConfig,
  query: string,
  limit: number,
  options: RequestOptions,
): Promise<SearchResult[]> {
  const results = await SEARCHES[provider.name](provider, query, limit, options);
  return results.slice(0, limit);
}
