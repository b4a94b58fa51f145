import { describe, expect, it } from 'vitest';
import { plainText } from './plainText';

describe('plainText', () => {
  it('keeps the words of framed, coloured terminal output and drops its codes', () => {
    const framed =
      '\u001b[?25h\u001b[1m$ echo hi\u001b[0m\r\nhi \u001b[32mgreen\u001b[0m\r\n\u001b]0;title\u0007\u001b[31m✗ exit 3\u001b[0m\r\n';
    expect(plainText(framed)).toBe('$ echo hi\nhi green\n✗ exit 3\n');
  });
});
