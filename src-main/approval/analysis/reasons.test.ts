import { beforeAll, describe, expect, it } from 'vitest';
import { analyseCommand, initShellParser } from './analyse';

beforeAll(() => initShellParser());

describe('reasons', () => {
  it('show a detail on one line, with single spaces', () => {
    const { reasons } = analyseCommand('rm -rf "build\t\tout" "new\nline" " lead" "a\u00a0 b" "end "');
    expect(reasons).toContain('Recursive delete: build out new line lead a b end');
  });

  it('keep a tidy detail as written and cut a long one', () => {
    const { reasons } = analyseCommand('rm -rf old-build');
    expect(reasons.some((r) => r.endsWith(': old-build'))).toBe(true);
    const long = analyseCommand(`rm -rf ${'x'.repeat(300)}`).reasons.find((r) => r.includes('xxx'));
    expect(long?.endsWith(`${'x'.repeat(50)}…`)).toBe(true);
  });
});
