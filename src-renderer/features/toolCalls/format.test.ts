import { describe, expect, it } from 'vitest';
import { previewParts } from './format';

describe('previewParts', () => {
  it('splits a path before its file name', () => {
    expect(previewParts('/tmp/work/src/notes.txt')).toEqual({ head: '/tmp/work/src/', tail: 'notes.txt' });
    expect(previewParts('src/a.ts')).toEqual({ head: 'src/', tail: 'a.ts' });
  });

  it('keeps commands, queries and bare names whole', () => {
    for (const text of ['cat /etc/hosts', 'notes.txt', '/', 'dir/', 'https://x.test/a b'])
      expect(previewParts(text)).toEqual({ head: text, tail: '' });
  });
});
