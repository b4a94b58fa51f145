import { describe, expect, it } from 'vitest';
import { WordCache, wordSlot } from './fallbackWords';

/** A word other than `target` that lands in the same cache slot. */
function collidingWord(target: string): string {
  const slot = wordSlot(target, 0, target.length);
  for (let i = 0; ; i++) {
    const w = `x${i}`;
    if (wordSlot(w, 0, w.length) === slot) return w;
  }
}

describe('the fallback word cache', () => {
  it('never hands one word the entry of another in the same slot', () => {
    const other = collidingWord('rm');
    const text = `${other} rm ${other} rm`;
    const cache = new WordCache(text, (w) => (w === 'rm' ? 'rm' : ''));
    const at = (n: number): string => {
      const start = text.split(' ').slice(0, n).join(' ').length + (n > 0 ? 1 : 0);
      return cache.info(start, start + (n % 2 === 0 ? other.length : 2)).name;
    };
    expect([at(0), at(1), at(2), at(3)]).toEqual(['', 'rm', '', 'rm']);
  });

  it('tells assignments from commands', () => {
    const text = 'A_1=x rm=no';
    const cache = new WordCache(text, () => '');
    expect(cache.info(0, 5).assignment).toBe(true);
    expect(cache.info(6, 11).assignment).toBe(true);
    expect(new WordCache('1A=x', () => '').info(0, 4).assignment).toBe(false);
  });
});

describe('the last two words the cache remembers', () => {
  it('hand each word its own entry when words of one length alternate', () => {
    const words = ['ls', 'rm', 'ls', 'rm', 'cd', 'rm', 'cd', 'ls', 'rm', 'rm', 'ls'];
    const text = words.join(' ');
    const cache = new WordCache(text, (w) => (w === 'rm' ? 'rm' : ''));
    const names = words.map((w, i) => cache.info(i * 3, i * 3 + 2));
    expect(names.map((n) => n.word)).toEqual(words);
    expect(names.map((n) => n.name)).toEqual(words.map((w) => (w === 'rm' ? 'rm' : '')));
  });
});

describe('a released cache', () => {
  it('hands the next cache its slots empty, so words are looked up again', () => {
    const text = 'cp x; rm y; cp z';
    const first = new WordCache(text, (w) => w);
    expect([first.info(0, 2).name, first.info(6, 8).name]).toEqual(['cp', 'rm']);
    first.release();
    const next = new WordCache(text, () => '');
    expect([next.info(12, 14).name, next.info(6, 8).name]).toEqual(['', '']);
  });
});
