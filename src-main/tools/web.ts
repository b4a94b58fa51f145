import { fn, registerUnavailable, type ToolModuleContext } from './toolModule';

export const WEB_SCHEMAS = {
  web_search: fn(
    'web_search',
    'Search the web. Returns titles, URLs and snippets.',
    {
      query: { type: 'string', description: 'What to search for' },
      limit: { type: 'integer', minimum: 1, maximum: 20, description: 'Number of results (default 5)' },
    },
    ['query'],
  ),
  web_extract: fn(
    'web_extract',
    'Fetch web pages and return their main content as Markdown.',
    { urls: { type: 'array', items: { type: 'string' }, description: 'Up to 5 URLs' } },
    ['urls'],
  ),
};

export function registerTools(ctx: ToolModuleContext): void {
  registerUnavailable(ctx, 'Web', [
    { name: 'web_search', toolset: 'web', schema: WEB_SCHEMAS.web_search, emoji: '🔍', parallelSafe: true },
    { name: 'web_extract', toolset: 'web', schema: WEB_SCHEMAS.web_extract, emoji: '📄', parallelSafe: true },
  ]);
}
