/** Which web providers are configured, read from the environment on every call. */
import { baseUrlFrom } from '../http';

export const PROVIDER_NAMES = ['brave', 'tavily', 'exa', 'firecrawl', 'searxng'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

interface ProviderInfo {
  /** The variable that switches the provider on: an API key, or SearXNG's URL. */
  env: string;
  /** Overrides the API base URL (self-hosted instances, tests). */
  baseEnv?: string;
  defaultBase?: string;
  extracts: boolean;
}

const PROVIDERS: Record<ProviderName, ProviderInfo> = {
  brave: {
    env: 'BRAVE_API_KEY',
    baseEnv: 'BRAVE_BASE_URL',
    defaultBase: 'https://api.search.brave.com/res/v1',
    extracts: false,
  },
  tavily: {
    env: 'TAVILY_API_KEY',
    baseEnv: 'TAVILY_BASE_URL',
    defaultBase: 'https://api.tavily.com',
    extracts: true,
  },
  exa: { env: 'EXA_API_KEY', baseEnv: 'EXA_BASE_URL', defaultBase: 'https://api.exa.ai', extracts: true },
  firecrawl: {
    env: 'FIRECRAWL_API_KEY',
    baseEnv: 'FIRECRAWL_BASE_URL',
    defaultBase: 'https://api.firecrawl.dev/v2',
    extracts: true,
  },
  searxng: { env: 'SEARXNG_URL', extracts: false },
};

/** Names the variables in messages and in Settings. */
export const PROVIDER_ENV = PROVIDER_NAMES.map((name) => PROVIDERS[name].env);

/** Puts one provider first when several are configured. */
export const PREFERRED_PROVIDER_ENV = 'CADUCEUS_WEB_PROVIDER';

export interface ProviderConfig {
  name: ProviderName;
  baseUrl: string;
  key: string;
}

/** Configured providers in preference order; `extract` keeps those with an extract API. */
export function configuredProviders(env: NodeJS.ProcessEnv, purpose: 'search' | 'extract'): ProviderConfig[] {
  const out: ProviderConfig[] = [];
  for (const name of PROVIDER_NAMES) {
    const info = PROVIDERS[name];
    const value = env[info.env]?.trim();
    if (!value || (purpose === 'extract' && !info.extracts)) continue;
    const baseUrl =
      name === 'searxng'
        ? baseUrlFrom(env, info.env, value)
        : baseUrlFrom(env, info.baseEnv ?? '', info.defaultBase ?? '');
    out.push({ name, baseUrl, key: name === 'searxng' ? '' : value });
  }
  const preferred = env[PREFERRED_PROVIDER_ENV]?.trim().toLowerCase();
  const index = out.findIndex((p) => p.name === preferred);
  if (index > 0) out.unshift(...out.splice(index, 1));
  return out;
}

export function searchUnavailableReason(): string {
  const names = PROVIDER_ENV.slice(0, -1).join(', ');
  return `web_search needs a search provider: set one of ${names} or ${PROVIDER_ENV.at(-1)}`;
}
