import { describe, expect, it } from 'vitest';
import { Op, Tokens } from './fallbackTokens';

describe('fallback tokens', () => {
  it('reads words and operators', () => {
    const t = new Tokens('a "b c" | d>>e $(f)');
    const seen: Array<[string, Op]> = [];
    for (let k = 0; t.has(k); k++) seen.push([t.raw(k), t.op(k)]);
    expect(seen).toEqual([
      ['a', Op.Word],
      ['"b', Op.Word],
      ['c"', Op.Word],
      ['|', Op.Pipe],
      ['d', Op.Word],
      ['>>', Op.Write],
      ['e', Op.Word],
      ['$(', Op.Open],
      ['f', Op.Word],
      [')', Op.Close],
    ]);
  });

  it('keeps each token right while reading far ahead of the one in hand', () => {
    const words = Array.from({ length: 3000 }, (_, i) => `w${i}`);
    const t = new Tokens(words.join(' ; '));
    for (let k = 0; t.has(k); k++) {
      // The scan's widest look-ahead, then the token before this one.
      t.has(k + 40);
      if (k > 0) expect(t.raw(k - 1)).toBe(k % 2 === 1 ? `w${(k - 1) / 2}` : ';');
      expect(t.raw(k)).toBe(k % 2 === 0 ? `w${k / 2}` : ';');
    }
  });

  it('reads past the last token as an empty word', () => {
    const t = new Tokens('echo >');
    expect(t.has(2)).toBe(false);
    expect([t.op(2), t.start(2), t.end(2), t.raw(2)]).toEqual([Op.Word, 0, 0, '']);
  });
});

describe('runs of openings', () => {
  it('reads a run of `$(` as one token, words and other operators around it as their own', () => {
    const t = new Tokens('a $($($(b) ((c $( d');
    const seen: Array<[string, Op]> = [];
    for (let k = 0; t.has(k); k++) seen.push([t.raw(k), t.op(k)]);
    expect(seen).toEqual([
      ['a', Op.Word],
      ['$($($(', Op.Open],
      ['b', Op.Word],
      [')', Op.Close],
      ['((', Op.Open],
      ['c', Op.Word],
      ['$(', Op.Open],
      ['d', Op.Word],
    ]);
  });
});
