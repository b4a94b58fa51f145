/**
 * Which candidate folders the workspace's git ignores. `git check-ignore` only reads ignore
 * files; it runs with the isolated environment. Outside a repository every candidate counts
 * as ignored: folders like node_modules are generated output by convention.
 */
import { git } from './storeGit';

export async function ignoredAmong(workspace: string, rels: string[]): Promise<Set<string>> {
  if (rels.length === 0) return new Set();
  try {
    const { stdout, code } = await git(['check-ignore', '--stdin', '-z'], {
      cwd: workspace,
      input: `${rels.join('\0')}\0`,
      okCodes: [1, 128],
    });
    if (code === 128) return new Set(rels);
    return new Set(stdout.toString().split('\0').filter(Boolean));
  } catch {
    return new Set(rels);
  }
}
