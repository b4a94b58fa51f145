/** git's global options and subcommand, shared by the git rules and the git config reader. */

/** Global options that take a value. */
const GIT_VALUED = new Set([
  '-C',
  '-c',
  '--git-dir',
  '--work-tree',
  '--namespace',
  '--super-prefix',
  '--config-env',
  '--list-cmds',
]);

/** Splits `git [global options] <subcommand> <args>`. */
export function gitSubcommand(args: readonly string[]): { sub: string; rest: string[] } | null {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (GIT_VALUED.has(a)) {
      i++;
      continue;
    }
    if (a.startsWith('-')) continue;
    return { sub: a, rest: args.slice(i + 1) };
  }
  return null;
}
