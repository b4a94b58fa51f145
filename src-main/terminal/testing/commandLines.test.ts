import { describe, expect, it } from 'vitest';
import { uniqueSleep } from './commandLines';

describe('uniqueSleep', () => {
  it('gives durations of which no command line contains another, even within one millisecond', () => {
    const durations = Array.from({ length: 2000 }, () => uniqueSleep());
    expect(new Set(durations).size).toBe(durations.length);
    const lines = durations.map((d) => `sleep ${d}`);
    for (const d of durations) expect(lines.filter((line) => line.includes(`sleep ${d}`))).toHaveLength(1);
    for (const d of durations) expect(Number(d)).toBeGreaterThanOrEqual(900);
  });
});
