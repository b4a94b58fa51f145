import { describe, expect, it } from 'vitest';
import { highlightPieces } from './Highlight';

const shown = (text: string, query: string, lead?: number) =>
  highlightPieces(text, query, lead)
    .map((p) => (p.marked ? `[${p.text}]` : p.text))
    .join('');

describe('a highlighted snippet', () => {
  it('marks the words that start with a term of the query, whatever their case', () => {
    expect(shown('Could you test Kernel index kernels', 'kernel')).toBe(
      'Could you test [Kernel] index [kernels]',
    );
    expect(shown('rebase then lint', 'rebase lint')).toBe('[rebase] then [lint]');
    expect(shown('nothing here', '  ')).toBe('nothing here');
  });

  it('keeps only a few words in front of the first hit, so the hit is not lost past the line', () => {
    expect(shown('…compile schema commit rebase kernel driver', 'kernel', 3)).toBe(
      '…schema commit rebase [kernel] driver',
    );
    expect(shown('one two three four five six seven kernel', 'kernel', 2)).toBe('…six seven [kernel]');
    // Few enough words in front: the snippet stays as it is.
    expect(shown('Sure: build kernel kernel', 'kernel', 3)).toBe('Sure: build [kernel] [kernel]');
    expect(shown('a b c kernel', 'kernel', 3)).toBe('a b c [kernel]');
    // No hit at all: nothing is cut.
    expect(shown('one two three four five', 'kernel', 1)).toBe('one two three four five');
  });
});
