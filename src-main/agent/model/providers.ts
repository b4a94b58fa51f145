/** Provider presets for `model.provider` in config.yaml. Every one speaks OpenAI chat completions. */
export interface ProviderPreset {
  label: string;
  baseUrl: string;
  /** Where the key is read from; local servers need none. */
  keyEnv?: string;
  local: boolean;
}

export const PROVIDERS: Record<string, ProviderPreset> = {
  openrouter: {
    label: 'OpenRouter',
    baseUrl: 'https://openrouter.ai/api/v1',
    keyEnv: 'OPENROUTER_API_KEY',
    local: false,
  },
  openai: { label: 'OpenAI', baseUrl: 'https://api.openai.com/v1', keyEnv: 'OPENAI_API_KEY', local: false },
  nous: {
    label: 'Nous Portal',
    baseUrl: 'https://inference-api.nousresearch.com/v1',
    keyEnv: 'NOUS_API_KEY',
    local: false,
  },
  ollama: { label: 'Ollama', baseUrl: 'http://127.0.0.1:11434/v1', local: true },
  lmstudio: { label: 'LM Studio', baseUrl: 'http://127.0.0.1:1234/v1', local: true },
  vllm: { label: 'vLLM', baseUrl: 'http://127.0.0.1:8000/v1', local: true },
  llamacpp: { label: 'llama.cpp server', baseUrl: 'http://127.0.0.1:8080/v1', local: true },
};

/** The generic key variable, read before any provider's own. */
export const GENERIC_KEY_ENV = 'CADUCEUS_API_KEY';

const HOSTS: [RegExp, string][] = [
  [/(^|\.)openrouter\.ai$/, 'openrouter'],
  [/(^|\.)openai\.com$/, 'openai'],
  [/(^|\.)nousresearch\.com$/, 'nous'],
];

/** Names the provider of a base URL given without `provider`, so its key variable applies. */
export function providerOfUrl(baseUrl: string): string | undefined {
  const host = hostOf(baseUrl);
  return host ? HOSTS.find(([pattern]) => pattern.test(host))?.[1] : undefined;
}

export function isLoopbackUrl(baseUrl: string): boolean {
  const host = hostOf(baseUrl);
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127\./.test(host ?? '');
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}
