/** What `fd [options] [pattern] [path…]` looks for and where, from its words before `-x`/`-X`. */

/** fd's options that take a value, and flags that keep what it matches and where it looks. */
const VALUED = new Set([
  '-t',
  '--type',
  '-e',
  '--extension',
  '-d',
  '--max-depth',
  '--maxdepth',
  '--min-depth',
  '--exact-depth',
  '-E',
  '--exclude',
  '-S',
  '--size',
  '--changed-within',
  '--changed-before',
  '--owner',
  '-j',
  '--threads',
  '--max-results',
  '-c',
  '--color',
  '--ignore-file',
]);
const FLAGS = new Set([
  '-H',
  '--hidden',
  '-I',
  '--no-ignore',
  '-u',
  '--unrestricted',
  '-uu',
  '-s',
  '--case-sensitive',
  '-i',
  '--ignore-case',
  '-g',
  '--glob',
  '--regex',
  '-F',
  '--fixed-strings',
  '-a',
  '--absolute-path',
  '-0',
  '--print0',
  '--prune',
  '--no-ignore-vcs',
  '--strip-cwd-prefix',
  '-1',
]);
export interface FdSearch {
  pattern: string | undefined;
  /** The folders searched; none means the working directory. */
  paths: string[];
  extensions: string[];
  /** `-g`: the pattern is a glob over whole names, not a regex. */
  glob: boolean;
  /** Every option was one fd is known to take; otherwise what it matches is not certain. */
  known: boolean;
}

export function fdSearch(before: readonly string[]): FdSearch {
  const positional: string[] = [];
  const extensions: string[] = [];
  let glob = false;
  let known = true;
  for (let i = 1; i < before.length; i++) {
    const a = before[i] ?? '';
    if (a === '-e' || a === '--extension') extensions.push(before[++i] ?? '');
    else if (VALUED.has(a)) i++;
    else if (a === '-g' || a === '--glob') glob = true;
    else if (!a.startsWith('-')) positional.push(a);
    else if (!FLAGS.has(a)) known = false;
  }
  const [pattern, ...paths] = positional;
  return { pattern, paths, extensions, glob, known };
}
