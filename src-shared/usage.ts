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
