import { describe, expect, it } from 'vitest';
import { HeadTailCollector, truncateOutput } from './truncate';

describe('truncateOutput', () => {
  it('leaves short output alone', () => {
    expect(truncateOutput('hello', 10)).toBe('hello');
    expect(truncateOutput('x'.repeat(50_000))).toHaveLength(50_000);
  });

  it('keeps 40% head and 60% tail with a marker naming what was cut', () => {
    const text = 'H'.repeat(1000) + 'M'.repeat(8000) + 'T'.repeat(1000);
    const out = truncateOutput(text, 1000);
    expect(out.startsWith('H'.repeat(400))).toBe(true);
    expect(out.endsWith('T'.repeat(600))).toBe(true);
    expect(out).toContain('9000 characters cut');
    expect(out).toContain('first 400 and the last 600 of 10000');
    expect(out).not.toContain('M');
  });

  it('does not split surrogate pairs at the cut points', () => {
    const text = '😀'.repeat(100);
    const out = truncateOutput(text, 21);
    expect(out).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(out).not.toMatch(/(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });

  it('defaults to 50,000 characters', () => {
    const out = truncateOutput('a'.repeat(20_000) + 'b'.repeat(60_000) + 'c'.repeat(20_000));
    expect(out).toContain('50000 characters cut');
    expect(out.startsWith('a'.repeat(20_000))).toBe(true);
    expect(out.endsWith('c'.repeat(20_000))).toBe(true);
  });
});

describe('HeadTailCollector', () => {
  it('gives the same text as truncating the whole output, in bounded memory', () => {
    for (const size of [0, 10, 999, 1000, 1001, 5000, 123_457]) {
      const whole = Array.from({ length: size }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
      const collector = new HeadTailCollector(1000);
      for (let i = 0; i < whole.length; i += 37) collector.push(whole.slice(i, i + 37));
      expect(collector.text()).toBe(truncateOutput(whole, 1000));
      expect(collector.totalChars).toBe(size);
    }
  });

  it('handles one chunk larger than the limit', () => {
    const whole = 'x'.repeat(300) + 'y'.repeat(5000) + 'z'.repeat(700);
    const collector = new HeadTailCollector(1000);
    collector.push(whole);
    expect(collector.text()).toBe(truncateOutput(whole, 1000));
  });
});
