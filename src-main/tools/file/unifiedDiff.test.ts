import { describe, expect, it } from 'vitest';
import { applyUnifiedDiff } from './unifiedDiff';

const apply = (text: string, diff: string) => applyUnifiedDiff(text, diff, 'f.txt');

describe('applyUnifiedDiff', () => {
  it('applies several hunks whose line numbers are off', () => {
    const text = 'a\nb\nc\nd\ne\nf\ng\nh\n';
    const diff = '@@ -5,2 +5,2 @@\n b\n-c\n+C\n@@ -20,2 +20,3 @@\n f\n+f2\n g\n';
    expect(apply(text, diff)).toEqual({ text: 'a\nb\nC\nd\ne\nf\nf2\ng\nh\n', hunks: 2 });
  });

  it('handles a removed line that begins with "-- " and a missing final newline', () => {
    const text = '-- comment\nselect 1;';
    const diff =
      '@@ -1,2 +1,2 @@\n--- comment\n+-- note\n-select 1;\n\\ No newline at end of file\n+select 2;\n\\ No newline at end of file\n';
    expect(apply(text, diff)).toEqual({ text: '-- note\nselect 2;', hunks: 1 });
  });

  it('adds a final newline when the new side has one', () => {
    expect(apply('x', '@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+y\n')).toEqual({
      text: 'y\n',
      hunks: 1,
    });
  });

  it('inserts with an empty old side and keeps CRLF endings', () => {
    expect(apply('a\r\nb\r\n', '@@ -1,0 +2,1 @@\n+new\n')).toEqual({ text: 'a\r\nnew\r\nb\r\n', hunks: 1 });
  });

  it('refuses a diff of several files, one without hunks, and context that is not there', () => {
    const two = '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n--- a/y\n+++ b/y\n@@ -1 +1 @@\n-a\n+b\n';
    expect(apply('a\n', two)).toEqual({
      error: 'the diff changes more than one file; send one patch call per file',
    });
    expect(apply('a\n', 'just text')).toMatchObject({ error: expect.stringMatching(/no hunks found/) });
    expect(apply('a\n', '@@ -1 +1 @@\n-zzz\n+b\n')).toMatchObject({
      error: expect.stringMatching(/^hunk 1 \(@@ -1 \+1 @@\) does not match f\.txt: .*"zzz"/),
    });
  });
});
