import { describe, expect, it } from 'vitest';
import { normaliseCommand, stripControls, unescapeWords } from './normalise';

describe('normaliseCommand', () => {
  it('strips ANSI CSI, OSC and single-character escapes', () => {
    expect(stripControls('\x1b[31mrm\x1b[0m -rf /')).toBe('rm -rf /');
    expect(stripControls('\x1b]0;title\x07ls')).toBe('ls');
    expect(stripControls('\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\')).toBe('link');
    expect(stripControls('a\x1bcb')).toBe('ab');
  });

  it('strips C1 controls, NULs, carriage returns and invisible marks', () => {
    expect(stripControls('r\x00m\r -rf\x9b31m /')).toBe('rm -rf /');
    expect(stripControls('r\u200bm\u202e -rf')).toBe('rm -rf');
    expect(stripControls('tab\tand\nnewline')).toBe('tab\tand\nnewline');
  });

  it('strips back-to-back sequences and controls after a long clean stretch', () => {
    expect(stripControls('\x1b[1;\x1b[1;\x1b[31mr\x1b[0m\x00\x00m')).toBe('rm');
    const clean = 'x'.repeat(10_000);
    expect(stripControls(`${clean}\u200b${clean}\x1b[0m`)).toBe(clean + clean);
    expect(normaliseCommand(`${clean} ｒｍ`)).toBe(`${clean} rm`);
  });

  it('keeps what lies between the sequences of a long text dense with them', () => {
    // Long enough for borrowed buffers; non-ASCII and a lone surrogate kept as they are.
    const unit = '\x1b[1mé\ud800x\x1b]0;t\x07\x1b[1;';
    expect(stripControls(unit.repeat(5000))).toBe('é\ud800x'.repeat(5000));
    // The last sequence, left open, takes `t` as its final byte.
    expect(stripControls(`${unit.repeat(5000)}tail`)).toBe(`${'é\ud800x'.repeat(5000)}ail`);
  });

  it('folds full-width letters and symbols (NFKC)', () => {
    expect(normaliseCommand('ｒｍ －ｒｆ ／')).toBe('rm -rf /');
    expect(normaliseCommand('ｒｅｂｏｏｔ')).toBe('reboot');
  });

  it('drops backslashes before word characters and backslash-newlines outside quotes', () => {
    expect(unescapeWords('\\rm -rf /')).toBe('rm -rf /');
    expect(unescapeWords('r\\m -r\\f x')).toBe('rm -rf x');
    expect(unescapeWords('rm \\\n -rf')).toBe('rm  -rf');
    expect(unescapeWords('find . -exec rm {} \\;')).toBe('find . -exec rm {} \\;');
  });

  it('keeps the backslashes of a Windows path typed into bash, and only there', () => {
    expect(unescapeWords('r\\d /s C:\\Users\\bob')).toBe('rd /s C:\\Users\\bob');
    expect(unescapeWords('rd C:\\Windows x:\\y \\rm')).toBe('rd C:\\Windows x:\\y rm');
    expect(unescapeWords('reg add HKCU\\Software\\Run /d C:\\x.exe')).toBe(
      'reg add HKCU\\Software\\Run /d C:\\x.exe',
    );
    // Not a drive: a colon inside a word, or more than one letter before it.
    expect(unescapeWords('a=b:\\c ab:\\c')).toBe('a=b:c ab:c');
  });

  it('drops empty quote pairs glued to a word, keeps empty arguments', () => {
    expect(unescapeWords("r''m -rf ~")).toBe('rm -rf ~');
    expect(unescapeWords('r""m -rf ""/')).toBe('rm -rf /');
    expect(unescapeWords("cmd '' x")).toBe("cmd '' x");
  });

  it('keeps every other character of a long text, lone surrogates included', () => {
    const long = `${'a\ud800b'.repeat(10_000)} r''m \\x ${'\udc00c'.repeat(10_000)}`;
    const expected = `${'a\ud800b'.repeat(10_000)} rm x ${'\udc00c'.repeat(10_000)}`;
    expect(unescapeWords(long)).toBe(expected);
    expect(unescapeWords(`${"r''".repeat(100_000)}m`)).toBe(`${'r'.repeat(100_000)}m`);
    expect(unescapeWords(long)).toBe(expected);
    expect(normaliseCommand(`${"r''".repeat(100_000)}m -rf ~`)).toBe(`${'r'.repeat(100_000)}m -rf ~`);
    expect(normaliseCommand(`\x00${"r''".repeat(100_000)}m`)).toBe(`${'r'.repeat(100_000)}m`);
    expect(normaliseCommand(`é${"r''".repeat(100_000)}m`)).toBe(`é${'r'.repeat(100_000)}m`);
  });

  it('unescapes only outside single, double and ANSI-C quotes', () => {
    expect(unescapeWords("'a\\b' r\\m \"c\\\"d\" r''m $'e\\'f' r\\m")).toBe(
      "'a\\b' rm \"c\\\"d\" rm $'e\\'f' rm",
    );
    expect(unescapeWords("echo 'unterminated r\\m")).toBe("echo 'unterminated r\\m");
  });

  it('leaves quoted text and comments as written', () => {
    expect(unescapeWords("echo 'r\\m' \"a\\b\" $'\\x72'")).toBe("echo 'r\\m' \"a\\b\" $'\\x72'");
    expect(unescapeWords("ls # it's r''m")).toBe("ls # it's r''m");
  });

  it('returns plain commands unchanged', () => {
    const cmd = 'git commit -m "fix: handle null"';
    expect(normaliseCommand(cmd)).toBe(cmd);
  });
});
