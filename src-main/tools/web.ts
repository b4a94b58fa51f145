import { z } from 'zod';
import { DEFAULT_MAX_OUTPUT_CHARS } from '../../src-shared/constants';
import { toolError } from '../runtime/errors';
import { toolOk } from '../runtime/outcome';
import { functionSchema, typedHandler } from '../runtime/typedArgs';
import { CODING_PRESETS } from '../runtime/toolsetCatalog';
import type { ToolContext, ToolOutcome } from '../runtime/types';
import { capText, isHttpUrl } from './http';
import { egressFor } from './egress';
import { envOf, type ToolModuleContext, type ToolServices } from './toolModule';
import { extractWithProvider, fetchPage, type ExtractedPage } from './web/extract';
import { configuredProviders, searchUnavailableReason } from './web/providers';
import { searchWeb } from './web/search';

const MAX_URLS = 5;

const WebSearchArgs = z.strictObject({
  query: z.string().describe('What to search for'),
  limit: z.int().min(1).max(20).optional().describe('Number of results (default 5)'),
});
type WebSearchArgs = z.output<typeof WebSearchArgs>;

const WebExtractArgs = z.strictObject({
  urls: z.array(z.string()).min(1).max(MAX_URLS).describe(`Absolute http(s) URLs, at most ${MAX_URLS}`),
});
type WebExtractArgs = z.output<typeof WebExtractArgs>;

export const WEB_SCHEMAS = {
  web_search: functionSchema(
    'web_search',
    'Search the web. Returns titles, URLs and snippets; read a result in full with web_extract.',
    WebSearchArgs,
  ),
  web_extract: functionSchema(
    'web_extract',
    'Fetch web pages (http or https) and return their main content as Markdown.',
    WebExtractArgs,
  ),
};

export function registerTools(ctx: ToolModuleContext): void {
  const { services } = ctx;
  ctx.registry.register({
    name: 'web_search',
    toolset: 'web',
    toolsetDescription: 'Web search and page extraction',
    presets: CODING_PRESETS,
    fromScripts: { example: { python: 'query="release notes"', node: '{ query: "release notes" }' } },
    schema: WEB_SCHEMAS.web_search,
    emoji: '🔍',
    icon: 'globe',
    parallelSafe: true,
    isAsync: true,
    // Any one provider is enough, so no single variable is "required"; the reason names them all.
    checkFn: () => configuredProviders(envOf(services), 'search').length > 0 || searchUnavailableReason(),
    handler: typedHandler('web_search', WebSearchArgs, (args, call) => webSearch(services, args, call)),
  });
  ctx.registry.register({
    name: 'web_extract',
    toolset: 'web',
    presets: CODING_PRESETS,
    fromScripts: {
      example: { python: 'urls=["https://example.com"]', node: '{ urls: ["https://example.com"] }' },
    },
    schema: WEB_SCHEMAS.web_extract,
    emoji: '📄',
    icon: 'globe',
    parallelSafe: true,
    isAsync: true,
    handler: typedHandler('web_extract', WebExtractArgs, (args, call) => webExtract(services, args, call)),
  });
}

async function webSearch(
  services: ToolServices,
  args: WebSearchArgs,
  call: ToolContext,
): Promise<ToolOutcome> {
  const query = args.query.trim();
  if (!query) return toolError('web_search needs a non-empty query');
  const limit = args.limit ?? 5;
  const [provider] = configuredProviders(envOf(services), 'search');
  if (!provider) return toolError(searchUnavailableReason());
  try {
    // The provider's base URL is the person's setting (or its default): not the model's to choose.
    const results = await searchWeb(provider, query, limit, { signal: call.signal, egress: 'configured' });
    return toolOk({ provider: provider.name, query, results });
  } catch (err) {
    return toolError(
      `web_search (${provider.name}) failed: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

interface PageResult extends Partial<ExtractedPage> {
  url: string;
  error?: string;
}

async function webExtract(
  services: ToolServices,
  args: WebExtractArgs,
  call: ToolContext,
): Promise<ToolOutcome> {
  const { urls } = args;
  if (urls.length === 0) return toolError('web_extract needs at least one URL');
  if (urls.length > MAX_URLS) return toolError(`web_extract takes at most ${MAX_URLS} URLs per call`);
  const valid = urls.filter(isHttpUrl);
  const configured = { signal: call.signal, egress: 'configured' as const };
  const direct = { signal: call.signal, egress: egressFor(services, call) };
  const extracted = new Map<string, ExtractedPage>();
  const providerErrors: string[] = [];
  const [provider] = configuredProviders(envOf(services), 'extract');
  if (provider && valid.length > 0) {
    try {
      for (const [url, page] of await extractWithProvider(provider, valid, configured))
        extracted.set(url, page);
    } catch (err) {
      providerErrors.push(err instanceof Error ? err.message : String(err));
    }
  }
  const perPage = Math.floor(DEFAULT_MAX_OUTPUT_CHARS / urls.length);
  const pages = await Promise.all(
    urls.map(async (url): Promise<PageResult> => {
      if (!isHttpUrl(url)) return { url, error: 'Only absolute http and https URLs can be fetched' };
      try {
        const page = extracted.get(url) ?? (await fetchPage(url, direct));
        return { ...page, content: capText(page.content, perPage) };
      } catch (err) {
        return { url, error: err instanceof Error ? err.message : String(err) };
      }
    }),
  );
  return toolOk(providerErrors.length ? { pages, provider_error: providerErrors[0] } : { pages });
}
