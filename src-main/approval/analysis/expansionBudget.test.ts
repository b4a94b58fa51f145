/**
 * Fan-out attacks on the analysis itself: code that names earlier code several times (an alias
 * calling the previous alias three times, eight deep) costs fan^depth walks unless one budget
 * covers every level. Work is measured as nodes walked plus characters parsed, never as time.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { analyseCommand, initShellParser } from './analyse';
import type * as Parse from './parse';
import type { ParseBudget } from './parse';
import { Walker } from './walker';

const counted = vi.hoisted(() => ({ parsed: 0 }));

// Counts the characters handed to the parser; the parser itself is the real one.
vi.mock('./parse', async (importOriginal) => {
  const parse = await importOriginal<typeof Parse>();
  return {
    ...parse,
    parseShell: (text: string, budget: ParseBudget) => {
      const before = budget.chars;
      const tree = parse.parseShell(text, budget);
      counted.parsed += before - budget.chars;
      return tree;
    },
  };
});

beforeAll(() => initShellParser());
afterEach(() => vi.restoreAllMocks());

/** Work spent judging `cmd` at every level of nesting, and the verdict. */
function judged(cmd: string): { work: number; verdict: string; keys: string[] } {
  const walk = vi.spyOn(Walker.prototype, 'walk');
  counted.parsed = 0;
  const { verdict, keys } = analyseCommand(cmd);
  const work = walk.mock.calls.length + counted.parsed;
  walk.mockRestore();
  return { work, verdict, keys };
}

/** Work allowed for a command of `length` characters: linear in it, whatever the fan-out. */
function bound(length: number): number {
  return 4 * length + 2000;
}

function levels(depth: number, line: (i: number) => string): string[] {
  return Array.from({ length: depth }, (_, i) => line(i + 1));
}

function times(fan: number, code: string, sep = ';'): string {
  return Array.from({ length: fan }, () => code).join(sep);
}

/** Each names the level below it `fan` times, `depth` levels deep, within the nesting cap. */
const FAN_OUT: Record<string, (fan: number, depth: number) => string> = {
  aliases: (f, d) =>
    ['alias a0="echo hi"', ...levels(d, (i) => `alias a${i}="${times(f, `a${i - 1}`)}"`), `a${d}`].join('\n'),
  eval: (f, d) =>
    ["c0='echo hi'", ...levels(d, (i) => `c${i}='${times(f, `eval "$c${i - 1}"`)}'`), `eval "$c${d}"`].join(
      '\n',
    ),
  'sh -c': (f, d) =>
    ["c0='echo hi'", ...levels(d, (i) => `c${i}='${times(f, `sh -c "$c${i - 1}"`)}'`), `sh -c "$c${d}"`].join(
      '\n',
    ),
  'code piped to bash': (f, d) =>
    [
      "c0='echo hi'",
      ...levels(d, (i) => `c${i}='${times(f, `echo "$c${i - 1}" | bash`)}'`),
      `echo "$c${d}" | bash`,
    ].join('\n'),
  'a function body that evals': (f, d) =>
    [
      "c0='echo hi'",
      ...levels(d, (i) => `c${i}='${times(f, `eval "$c${i - 1}"`)}'`),
      `f() { eval "$c${d}"; }`,
    ].join('\n'),
  'substitutions in aliases': (f, d) =>
    [
      'alias a0="echo hi"',
      ...levels(d, (i) => `alias a${i}='echo ${times(f, `$(a${i - 1})`, ' ')}'`),
      `a${d}`,
    ].join('\n'),
  'substitutions in eval': (f, d) =>
    [
      "c0='echo hi'",
      ...levels(d, (i) => `c${i}='echo ${times(f, `$(eval "$c${i - 1}")`, ' ')}'`),
      `eval "$c${d}"`,
    ].join('\n'),
  // The code passes itself on as $0: as deep as the nesting cap, with a short command.
  'sh -c passing itself on': (f) => {
    const code = times(f, 'sh -c "$0" "$0"');
    return `sh -c '${code}' '${code}'`;
  },
};

const CASES = Object.keys(FAN_OUT).flatMap((shape) =>
  [3, 5, 8, 10].flatMap((fan) => [4, 6, 8].map((depth) => [shape, fan, depth] as const)),
);

describe('fan-out through nested code', () => {
  it.each(CASES)('%s, fan %i, depth %i: bounded work, and the user is asked', (shape, fan, depth) => {
    const cmd = FAN_OUT[shape]?.(fan, depth) ?? '';
    const { work, verdict, keys } = judged(cmd);
    expect(work).toBeLessThan(bound(cmd.length));
    expect(verdict).toBe('dangerous');
    expect(keys).toContain('too-much-expansion');
  });

  it('functions calling functions are walked once each, where they are defined', () => {
    for (const fan of [3, 10]) {
      const cmd = [
        'f0() { echo hi; }',
        ...levels(8, (i) => `f${i}() { ${times(fan, `f${i - 1}`)}; }`),
        'f8',
      ].join('\n');
      const { work, verdict } = judged(cmd);
      expect(work).toBeLessThan(bound(cmd.length));
      expect(verdict).toBe('safe');
    }
  });

  it('leaves the command marked as not read in full, so no allow rule covers it', () => {
    const cmd = FAN_OUT.aliases?.(3, 4) ?? '';
    expect(analyseCommand(cmd)).toMatchObject({ verdict: 'dangerous', parsed: false });
  });

  it('still refuses a hardline command after the budget is spent', () => {
    const bomb = FAN_OUT.aliases?.(5, 8) ?? '';
    expect(analyseCommand(`${bomb}\nrm -rf /`).verdict).toBe('hardline');
    expect(analyseCommand(`${bomb}\nbash -c 'rm -rf /'`).verdict).toBe('hardline');
  });
});

describe('nested code within the budget', () => {
  it('is followed in full: aliases that fan out a little', () => {
    const cmd = ['alias a0="rm -rf src"', 'alias a1="a0;a0"', 'alias a2="a1;a1"', 'a2'].join('\n');
    const { keys } = analyseCommand(cmd);
    expect(keys).toContain('rm-recursive');
    expect(keys).not.toContain('too-much-expansion');
    expect(analyseCommand('alias a0="echo hi"\nalias a1="a0;a0;a0"\na1').verdict).toBe('safe');
  });

  it('grows with the command: hundreds of separate shells are each judged', () => {
    const cmd = Array.from({ length: 300 }, (_, i) => `bash -c 'echo step${i}'`).join('; ');
    expect(analyseCommand(cmd)).toMatchObject({ verdict: 'safe', keys: [] });
    expect(analyseCommand(`${cmd}; bash -c 'git push --force'`).keys).toEqual(['git-push-force']);
  });
});
