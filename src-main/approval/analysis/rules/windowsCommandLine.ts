/**
 * Reads a Windows command line (what `cmd /c` or `powershell -Command` receives) as a list of
 * simple commands, each a list of words. Not a full cmd or PowerShell parser: it splits at the
 * operators both share and drops quotes, which is enough to see which program runs on what.
 */

export type Dialect = 'cmd' | 'powershell';

export function splitCommandLine(line: string, dialect: Dialect): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word = '';
  let quote: string | null = null;
  let inWord = false;
  const endWord = (): void => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  const endCommand = (): void => {
    endWord();
    if (words.length > 0) commands.push(words);
    words = [];
  };
  for (let i = 0; i < line.length; i++) {
    const c = line.charAt(i);
    if (quote) {
      if (c === quote) quote = null;
      else word += c;
      continue;
    }
    if (c === '"' || (c === "'" && dialect === 'powershell')) {
      quote = c;
      inWord = true;
    } else if (c === '^' && dialect === 'cmd' && i + 1 < line.length) {
      word += line.charAt(++i);
      inWord = true;
    } else if (c === '`' && dialect === 'powershell' && i + 1 < line.length) {
      word += line.charAt(++i);
      inWord = true;
    } else if ('&|\n\r'.includes(c) || (c === ';' && dialect === 'powershell')) endCommand();
    else if (c === '(' || c === ')' || c === '{' || c === '}') endCommand();
    else if (c === ' ' || c === '\t') endWord();
    else {
      word += c;
      inWord = true;
    }
  }
  endCommand();
  return commands;
}

/** `C:\Windows\System32\cmd.exe` → `cmd`. */
export function programName(word: string): string {
  const base = word.split(/[\\/]/).pop() ?? '';
  return base.toLowerCase().replace(/\.(exe|com|bat|cmd)$/, '');
}

/** PowerShell's -EncodedCommand: base64 of UTF-16LE text. */
export function decodeEncodedCommand(value: string): string {
  return Buffer.from(value, 'base64').toString('utf16le');
}

const PROTECTED = [
  /^[a-z]:\/?\*?(\.\*)?$/, // a drive root, or everything on it
  /^\/?\*?$/, // the current drive's root
  /^[a-z]:\/(windows|users|program files|program files \(x86\)|programdata)\/?\*?$/,
  /^[a-z]:\/windows\/(system32|syswow64|winsxs)\/?\*?$/,
  /^[a-z]:\/users\/[^/]+\/?\*?$/,
  /^(%(systemdrive|systemroot|windir|userprofile|homedrive|homepath|programfiles|appdata)%|\$env:(systemdrive|systemroot|windir|userprofile|homedrive|programfiles|appdata)|\$home|~)\/?\*?$/,
];

/** Whether deleting `target` recursively would take a drive, Windows itself or a home folder. */
export function isProtectedWindowsPath(target: string): boolean {
  if (target.trim() === '') return false;
  const path = target
    .trim()
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
  return PROTECTED.some((pattern) => pattern.test(path));
}
