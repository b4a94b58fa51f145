import { beforeAll, describe, expect, it } from 'vitest';
import { analyseCommand, initShellParser } from './analyse';
import { adversarialInputs, parserLimitInputs } from './bench';
import { PARSE_LIMITS } from './parse';
import { VerdictSchema } from './verdict';

beforeAll(() => initShellParser());

/** Behaviour only: each input must be judged at all; the benchmark measures how fast. */
describe('adversarial inputs complete', () => {
  it.each(Object.entries(adversarialInputs()))('%s (1 MB)', (_name, input) => {
    const v = VerdictSchema.parse(analyseCommand(input));
    expect(v.segments.length).toBeLessThanOrEqual(2001);
    expect(v.reasons.length).toBeLessThanOrEqual(100);
  });

  it('judges oversized inputs conservatively', () => {
    const inputs = adversarialInputs();
    for (const name of ['longWord', 'andChain', 'manyPipes', 'heredoc', 'quotedString', 'deepQuotes']) {
      const v = analyseCommand(inputs[name] ?? '');
      expect(v.verdict, name).toBe('dangerous');
      expect(v.keys, name).toContain('unparsed-command');
    }
    expect(analyseCommand(inputs.distinctDeletes ?? '').keys).toContain('rm-recursive');
    expect(analyseCommand(inputs.manyPipes ?? '').keys).not.toContain('remote-code');
  });

  it('still finds a hardline command at the end of a huge input', () => {
    const filler = 'echo hi && '.repeat(100_000);
    expect(analyseCommand(filler + 'rm -rf ~').verdict).toBe('hardline');
    const deletes = Array.from({ length: 30_000 }, (_, i) => `rm -rf /tmp/b${i}`).join(' && ');
    expect(analyseCommand(`${deletes} && rm -rf /`).verdict).toBe('hardline');
  });

  it.each(Object.entries(parserLimitInputs()))('%s just under the parse limit completes', (_name, input) => {
    expect(VerdictSchema.parse(analyseCommand(input)).verdict).toBeDefined();
  });

  it('inputs just inside the parse limit go through the parser or its budget', () => {
    const justInside = 'echo hi && '.repeat(Math.floor(PARSE_LIMITS.chars / 11) - 1) + 'git push -f';
    const v = analyseCommand(justInside);
    expect(v.keys).toContain('git-push-force');
  });

  it('deep nesting within the size limit is judged, not overflowed', () => {
    const deep = '$('.repeat(20_000) + 'reboot' + ')'.repeat(20_000);
    expect(analyseCommand(deep).verdict).toBe('hardline');
    const subshells = '('.repeat(50_000) + 'ls' + ')'.repeat(50_000);
    expect(analyseCommand(subshells).verdict).not.toBe('safe');
  });
});
