import { describe, expect, it } from 'vitest';
import { unifiedDiffOf } from './lineDiff';
import { applyUnifiedDiff } from './unifiedDiff';

const lines = (n: number, tag = '') =>
  Array.from({ length: n }, (_, i) => `line ${i}${tag}`).join('\n') + '\n';

describe('unifiedDiffOf', () => {
  it('is empty for equal texts', () => {
    expect(unifiedDiffOf('a\n', 'a\n', 'x')).toBe('');
  });

  it('shows a changed line with context, in the format the patch tool applies', () => {
    const before = lines(20);
    const after = before.replace('line 10\n', 'line ten\n');
    const diff = unifiedDiffOf(before, after, 'SKILL.md');
    expect(diff).toContain('@@ -8,7 +8,7 @@');
    expect(diff).toMatch(/^-line 10$/m);
    expect(diff).toMatch(/^\+line ten$/m);
    expect(diff).not.toContain('line 3');
  });

  it.each([
    ['two far-apart edits', lines(40), lines(40).replace('line 2\n', 'two\n').replace('line 33\n', '')],
    ['a new file', '', 'a\nb\n'],
    ['everything removed', 'a\nb\n', ''],
    ['lines added at the end', lines(5), lines(5) + 'more\nstill more\n'],
    ['interleaved changes', 'a\nb\nc\nd\ne\n', 'a\nx\nc\ny\ne\nf\n'],
  ])('applies back to the new text: %s', (_, before, after) => {
    const applied = applyUnifiedDiff(before, unifiedDiffOf(before, after, 'f'), 'f');
    expect(applied).toMatchObject({ text: after });
  });
});
