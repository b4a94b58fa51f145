import type { TokenUsage } from '../../../src-shared/usage';
import type { Pricing, ResolvedModel } from './resolve';

/*
 * What a model's tokens cost: the prices in config.yaml, else those the provider's model list
 * gives (OpenRouter's `/models` lists `pricing.prompt` and `pricing.completion` in USD per
 * token). Asked once per client; a provider that lists none leaves the cost unknown.
 */

const LIST_TIMEOUT_MS = 5_000;

function perToken(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** The prices the provider's `/models` lists for `name`, if any. */
export async function listedPricing(model: ResolvedModel): Promise<Pricing | undefined> {
  try {
    const res = await fetch(`${model.baseUrl}/models`, {
      headers: { authorization: `Bearer ${model.apiKey}` },
      signal: AbortSignal.timeout(LIST_TIMEOUT_MS),
    });
    if (!res.ok) return undefined;
    const body = (await res.json()) as {
      data?: { id?: unknown; pricing?: { prompt?: unknown; completion?: unknown } }[];
    };
    const entry = body.data?.find((m) => m.id === model.name);
    const input = perToken(entry?.pricing?.prompt);
    const output = perToken(entry?.pricing?.completion);
    return input !== undefined && output !== undefined ? { input, output } : undefined;
  } catch {
    return undefined;
  }
}

/** Prices a model call's tokens, once per model. */
export class PriceList {
  private pricing: Promise<Pricing | undefined> | undefined;

  constructor(private readonly model: ResolvedModel) {}

  async usage(input: number, output: number): Promise<TokenUsage> {
    this.pricing ??= this.model.pricing ? Promise.resolve(this.model.pricing) : listedPricing(this.model);
    const prices = await this.pricing;
    return { input, output, costUsd: prices ? input * prices.input + output * prices.output : null };
  }
}
