import { describe, expect, it } from 'vitest';
import { cleanSnippet } from './snippets';

describe('cleanSnippet', () => {
  it('drops match markers, Markdown and line breaks', () => {
    expect(cleanSnippet('## Steps\n1. run **>>>deploy<<<** with `make`\n')).toBe(
      'Steps 1. run deploy with make',
    );
  });

  it('reads escaped JSON of tool results as words', () => {
    expect(cleanSnippet('{"output": "line one\\nline >>>two<<<", "exit_code": 0}')).toBe(
      'output: line one line two, exit_code: 0',
    );
  });

  it('keeps link text, not the address', () => {
    expect(cleanSnippet('see [the docs](https://example.com/x) …')).toBe('see the docs …');
  });
});
