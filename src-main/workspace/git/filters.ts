/**
 * Filter drivers the repository's own config defines (`filter.<name>.clean`, `.smudge`,
 * `.process`): programs git runs on file content, even for a `git status`. The app runs them
 * for nobody: its commands get them emptied, and it stages or discards no file that uses one.
 * Drivers from the person's own config (Git LFS's, say) run as usual.
 */

/** The drivers named in `git config -z --show-scope --get-regexp '^filter\.'` output from the repository's scopes. */
export function repoFilterNames(output: string): string[] {
  const names = new Set<string>();
  const records = output.split('\0');
  for (let i = 0; i + 1 < records.length; i += 2) {
    const scope = records[i];
    const key = (records[i + 1] ?? '').split('\n')[0] ?? '';
    if (scope !== 'local' && scope !== 'worktree') continue;
    const match = /^filter\.(.+)\.[^.]+$/.exec(key);
    if (match?.[1]) names.add(match[1]);
  }
  return [...names];
}

/** `-c` options that leave these drivers with nothing to run and no failure for that. */
export function emptiedFilters(names: string[]): string[] {
  return names.flatMap((name) =>
    ['clean', 'smudge', 'process']
      .flatMap((key) => ['-c', `filter.${name}.${key}=`])
      .concat(['-c', `filter.${name}.required=false`]),
  );
}

/** The paths whose `filter` attribute names one of `names`, from `git check-attr -z filter` output. */
export function pathsFiltered(output: string, names: string[]): string[] {
  const records = output.split('\0');
  const out: string[] = [];
  for (let i = 0; i + 2 < records.length; i += 3) {
    const path = records[i] ?? '';
    const value = records[i + 2] ?? '';
    if (names.includes(value)) out.push(path);
  }
  return out;
}
