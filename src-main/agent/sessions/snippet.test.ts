import { describe, expect, it } from 'vitest';
import { searchTerms, snippetOf } from './snippet';

describe('snippetOf', () => {
  it('marks every word that starts with a term, as the search matched it', () => {
    expect(snippetOf('The Deployment key rotated; deploy again', searchTerms('deploy KEY'))).toBe(
      'The >>>Deployment<<< >>>key<<< rotated; >>>deploy<<< again',
    );
  });

  it('cuts a long text around its first match, with a few words before it', () => {
    const words = Array.from({ length: 200 }, (_, i) => `w${i}`);
    words[120] = 'needle';
    const snippet = snippetOf(words.join(' '), ['needle'], 10);
    expect(snippet).toBe('…w118 w119 >>>needle<<< w121 w122 w123 w124 w125 w126 w127…');
  });

  it('keeps the start of a text that ends soon after its match', () => {
    expect(snippetOf('Remember I like tea', ['tea'])).toBe('Remember I like >>>tea<<<');
    const words = Array.from({ length: 12 }, (_, i) => `w${i}`);
    words[9] = 'needle';
    expect(snippetOf(words.join(' '), ['needle'], 5)).toBe('…w7 w8 >>>needle<<< w10 w11');
    expect(snippetOf(words.join(' '), ['needle'], 8)).toBe('…w4 w5 w6 w7 w8 >>>needle<<< w10 w11');
  });

  it('shows the start when the match was found only through stemming', () => {
    expect(snippetOf('one two three four', ['running'], 2)).toBe('one two…');
    expect(snippetOf('', ['x'])).toBe('');
  });
});
