/** Shell-style globs (`*`, `?`, `[...]`, `**`, `{a,b}`) for the search fallbacks that have no ripgrep. */
import { posix } from 'node:path';

function escape(char: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(char) ? `\\${char}` : char;
}

function convert(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] ?? '';
    if (char === '*') {
      if (glob[i + 1] === '*') {
        out += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
        i += glob[i + 2] === '/' ? 2 : 1;
      } else out += '[^/]*';
    } else if (char === '?') out += '[^/]';
    else if (char === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end === -1) out += '\\[';
      else {
        const body = glob
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\');
        out += `[${body}]`;
        i = end;
      }
    } else if (char === '{') {
      const end = glob.indexOf('}', i);
      if (end === -1) out += '\\{';
      else {
        out += `(?:${glob
          .slice(i + 1, end)
          .split(',')
          .map(convert)
          .join('|')})`;
        i = end;
      }
    } else out += escape(char);
  }
  return out;
}

export function globToRegExp(glob: string): RegExp {
  return new RegExp(`^${convert(glob)}$`);
}

/** A glob without `/` matches the base name, as with ripgrep's `--glob` and `find -name`. */
export function globMatcher(glob: string): (relativePath: string) => boolean {
  const regex = globToRegExp(glob);
  return glob.includes('/') ? (path) => regex.test(path) : (path) => regex.test(posix.basename(path));
}
