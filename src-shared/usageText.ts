/** Token usage in words; apart from usage.ts so the page's first screen loads no schemas. */
import type { TokenUsage } from './usage';

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
