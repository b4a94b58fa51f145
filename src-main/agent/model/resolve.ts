import type { ModelConfig } from '../../config/schema';
import { GENERIC_KEY_ENV, isLoopbackUrl, PROVIDERS, providerOfUrl } from './providers';

/** Everything needed to talk to one model. */
export interface ResolvedModel {
  provider: string;
  baseUrl: string;
  name: string;
  apiKey: string;
  local: boolean;
  maxRetries: number;
  timeoutMs: number;
  stream: boolean;
  temperature?: number;
  maxTokens?: number;
  /** `model.vision`: false when the model is known not to read images. */
  vision?: boolean;
  /** Prices from config.yaml (`model.pricing`), in USD per token; else the provider's list is asked. */
  pricing?: Pricing;
}

/** USD per token. */
export interface Pricing {
  input: number;
  output: number;
}

/** Command-line or UI choices that win over config.yaml. */
export interface ModelOverrides {
  provider?: string;
  model?: string;
  baseUrl?: string;
  apiKey?: string;
}

export type ModelResolution = { ok: true; model: ResolvedModel } | { ok: false; problems: string[] };

/** Local servers ignore the key, but the client insists on one. */
const LOCAL_KEY = 'local-no-key';

export function resolveModel(
  config: ModelConfig,
  env: NodeJS.ProcessEnv,
  overrides: ModelOverrides = {},
): ModelResolution {
  const problems: string[] = [];
  const baseUrlGiven = overrides.baseUrl ?? config.base_url;
  let provider = overrides.provider ?? config.provider;
  if (provider && provider !== 'custom' && !PROVIDERS[provider]) {
    problems.push(
      `Unknown model.provider "${provider}" (known: ${[...Object.keys(PROVIDERS), 'custom'].join(', ')})`,
    );
  }
  const preset = provider ? PROVIDERS[provider] : undefined;
  const baseUrl = (baseUrlGiven ?? preset?.baseUrl)?.replace(/\/+$/, '');
  if (!baseUrl) {
    if (problems.length === 0) problems.push('No model provider is set yet: choose one.');
    return { ok: false, problems };
  }
  provider ??= providerOfUrl(baseUrl) ?? 'custom';
  const keyEnv = config.api_key_env ?? PROVIDERS[provider]?.keyEnv;
  const local = isLoopbackUrl(baseUrl);
  const apiKey = overrides.apiKey || env[GENERIC_KEY_ENV] || (keyEnv ? env[keyEnv] : undefined);
  const name = overrides.model ?? config.name;
  if (!name) problems.push(`No model name is set (model.name) for ${baseUrl}.`);
  if (!apiKey && !local) {
    const where = keyEnv ? `${keyEnv} or ${GENERIC_KEY_ENV}` : GENERIC_KEY_ENV;
    problems.push(`No API key for ${PROVIDERS[provider]?.label ?? baseUrl}: set ${where}.`);
  }
  if (problems.length > 0 || !name) return { ok: false, problems };
  return {
    ok: true,
    model: {
      provider,
      baseUrl,
      name,
      apiKey: apiKey || LOCAL_KEY,
      local,
      maxRetries: config.max_retries ?? 3,
      timeoutMs: (config.timeout_seconds ?? 600) * 1000,
      stream: config.stream ?? true,
      temperature: config.temperature,
      maxTokens: config.max_tokens,
      ...(config.vision === undefined ? {} : { vision: config.vision }),
      ...(config.pricing
        ? {
            pricing: {
              input: config.pricing.input_per_mtok / 1e6,
              output: config.pricing.output_per_mtok / 1e6,
            },
          }
        : {}),
    },
  };
}
