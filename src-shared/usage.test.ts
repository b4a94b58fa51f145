import { describe, expect, it } from 'vitest';
import { addUsage, NO_USAGE } from './usage';
import { formatCost, formatTokens, usageText } from './usageText';

describe('token usage', () => {
  it('adds usages, keeping a cost only when every part is priced', () => {
    const priced = { input: 100, output: 20, costUsd: 0.001 };
    expect(addUsage(priced, priced)).toEqual({ input: 200, output: 40, costUsd: 0.002 });
    expect(addUsage(NO_USAGE, priced)).toEqual(priced);
    expect(addUsage(priced, { input: 5, output: 5, costUsd: null })).toEqual({
      input: 105,
      output: 25,
      costUsd: null,
    });
  });

  it('words counts and costs briefly', () => {
    expect(formatTokens(950)).toBe('950');
    expect(formatTokens(1000)).toBe('1k');
    expect(formatTokens(1234)).toBe('1.23k');
    expect(formatTokens(12_345)).toBe('12.3k');
    expect(formatTokens(1_240_000)).toBe('1.24M');
    expect(formatCost(0.0123456)).toBe('$0.0123');
    expect(formatCost(2.5)).toBe('$2.50');
    expect(usageText({ input: 1000, output: 234, costUsd: null })).toBe('1.23k tokens (1k in, 234 out)');
    expect(usageText({ input: 10, output: 2, costUsd: 0.00005 })).toBe('12 tokens (10 in, 2 out), $0.00005');
  });
});
