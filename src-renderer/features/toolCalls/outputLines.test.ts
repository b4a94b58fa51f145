import { describe, expect, it } from 'vitest';
import { argRows, excerpt } from './outputLines';

describe('excerpt', () => {
  it('keeps a short output whole', () => {
    expect(excerpt('1\n2\n3\n')).toEqual({ head: '1\n2\n3', tail: '', hidden: 0 });
  });
  it('shows first and last lines of a long output and counts the rest', () => {
    const text = Array.from({ length: 30 }, (_, i) => String(i + 1)).join('\n');
    const { head, tail, hidden } = excerpt(text);
    expect(head.split('\n')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(tail.split('\n')).toEqual(['25', '26', '27', '28', '29', '30']);
    expect(hidden).toBe(18);
  });
});

describe('argRows', () => {
  it('lists JSON arguments as rows, strings unquoted', () => {
    expect(argRows('{"command":"ls -la","timeout":5}')).toEqual([
      ['command', 'ls -la'],
      ['timeout', '5'],
    ]);
  });
  it('keeps text that is not JSON as one row', () => {
    expect(argRows('ls -la')).toEqual([['', 'ls -la']]);
  });
});
