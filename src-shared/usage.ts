import { z } from 'zod';

/** Tokens a model reported, and what they cost where prices are known (null: not known). */
export const TokenUsageSchema = z.object({
  input: z.number().int().nonnegative(),
  output: z.number().int().nonnegative(),
  costUsd: z.number().nonnegative().nullable(),
});
export type TokenUsage = z.infer<typeof TokenUsageSchema>;

/** A turn's usage beside its session's running total. */
export const UsageTotalsSchema = z.object({ turn: TokenUsageSchema, session: TokenUsageSchema });
export type UsageTotals = z.infer<typeof UsageTotalsSchema>;

export const NO_USAGE: TokenUsage = { input: 0, output: 0, costUsd: null };

/** The sum of two usages; a cost is kept only when both sides know theirs (or one side is empty). */
export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  const empty = (u: TokenUsage) => u.input === 0 && u.output === 0;
  const costUsd =
    a.costUsd !== null && b.costUsd !== null
      ? a.costUsd + b.costUsd
      : empty(a)
        ? b.costUsd
        : empty(b)
          ? a.costUsd
          : null;
  return { input: a.input + b.input, output: a.output + b.output, costUsd };
}

/** `950`, `12.3k`, `1.24M`. */
export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 2 : 1).replace(/\.?0+$/, '')}k`;
  return `${(n / 1_000_000).toFixed(2).replace(/\.?0+$/, '')}M`;
}

/** `$0.0123` for small sums, `$1.23` above a dollar. */
export function formatCost(usd: number): string {
  return usd >= 1
    ? `$${usd.toFixed(2)}`
    : `$${usd
        .toPrecision(3)
        .replace(/(\.\d*?)0+$/, '$1')
        .replace(/\.$/, '')}`;
}

/** `1.2k tokens (1k in, 200 out), $0.0034`. */
export function usageText(u: TokenUsage): string {
  const tokens = `${formatTokens(u.input + u.output)} tokens (${formatTokens(u.input)} in, ${formatTokens(u.output)} out)`;
  return u.costUsd === null ? tokens : `${tokens}, ${formatCost(u.costUsd)}`;
}
