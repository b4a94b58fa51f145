import { beforeAll, describe, expect, it } from 'vitest';
import { analyseCommand, initShellParser } from '../analyse';
import { WINDOWS_EXAMPLES, WINDOWS_HARDLINE, WINDOWS_SAFE } from './windowsExamples';
import { isProtectedWindowsPath, splitCommandLine } from './windowsCommandLine';

beforeAll(() => initShellParser());

describe('Windows commands inside bash', () => {
  for (const [key, commands] of Object.entries(WINDOWS_HARDLINE)) {
    it.each(commands)(`never runs %s (${key})`, (cmd) => {
      const verdict = analyseCommand(cmd);
      expect(verdict.keys).toContain(key);
      expect(verdict.verdict).toBe('hardline');
    });
  }

  for (const [key, { hits, misses }] of Object.entries(WINDOWS_EXAMPLES)) {
    it.each(hits)(`asks before %s (${key})`, (cmd) => {
      const verdict = analyseCommand(cmd);
      expect(verdict.keys).toContain(key);
      expect(verdict.verdict).not.toBe('safe');
    });
    it.each(misses)(`does not flag %s as ${key}`, (cmd) => {
      expect(analyseCommand(cmd).keys).not.toContain(key);
    });
  }

  it.each(WINDOWS_SAFE)('does not treat %s as hardline', (cmd) => {
    expect(analyseCommand(cmd).verdict).not.toBe('hardline');
  });
});

describe('Windows command lines', () => {
  it('splits cmd and PowerShell lines at their operators, honouring quotes and escapes', () => {
    expect(splitCommandLine('echo "a & b" & rd /s /q x', 'cmd')).toEqual([
      ['echo', 'a & b'],
      ['rd', '/s', '/q', 'x'],
    ]);
    expect(splitCommandLine("Write-Host 'x; y'; Remove-Item -r `$a", 'powershell')).toEqual([
      ['Write-Host', 'x; y'],
      ['Remove-Item', '-r', '$a'],
    ]);
    expect(splitCommandLine('echo a ^& rd /s x', 'cmd')).toEqual([['echo', 'a', '&', 'rd', '/s', 'x']]);
  });

  it('knows which folders are a drive, Windows itself or a home', () => {
    for (const path of ['C:\\', 'c:', 'D:\\*', '%SystemRoot%', '$env:USERPROFILE', 'C:\\Users\\alice', '\\'])
      expect(isProtectedWindowsPath(path), path).toBe(true);
    for (const path of ['C:\\Users\\alice\\src', '.\\build', 'C:\\temp\\x', ''])
      expect(isProtectedWindowsPath(path), path).toBe(false);
  });
});
