/** A worktree session's changes against its base: its commits and what is not committed yet. */
import { git, gitOk, GitError } from './runner';
import type { SessionWorktree } from './worktree';

export interface BaseChange {
  path: string;
  /** git's letter: A added, M modified, D deleted, T type changed. */
  status: string;
}

const PLAIN = ['--no-ext-diff', '--no-textconv', '--no-color', '--no-renames'];
const MAX_DIFF_BYTES = 2 * 1024 * 1024;

async function forkPoint(tree: SessionWorktree): Promise<string> {
  return (await gitOk(tree.path, ['merge-base', `refs/heads/${tree.base}`, 'HEAD'])).toString('utf8').trim();
}

/** Every file that differs from where the branch left its base, untracked files included. */
export async function worktreeChanges(tree: SessionWorktree): Promise<BaseChange[]> {
  const from = await forkPoint(tree);
  const tracked = (await gitOk(tree.path, ['diff', '--name-status', '-z', ...PLAIN, from])).toString('utf8');
  const fields = tracked.split('\0').filter((f) => f.length > 0);
  const changes: BaseChange[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2)
    changes.push({ status: fields[i] ?? '', path: fields[i + 1] ?? '' });
  const untracked = await gitOk(tree.path, ['ls-files', '--others', '--exclude-standard', '-z']);
  for (const path of untracked.toString('utf8').split('\0'))
    if (path.length > 0) changes.push({ status: 'A', path });
  return changes.sort((a, b) => a.path.localeCompare(b.path));
}

/** One listed file's diff against the fork point; a path not in the list is refused. */
export async function worktreeDiff(tree: SessionWorktree, path: string) {
  const change = (await worktreeChanges(tree)).find((c) => c.path === path);
  if (!change) throw new GitError(`${path} has no changes against ${tree.base}`);
  const from = await forkPoint(tree);
  const tracked = await git(tree.path, ['ls-files', '--error-unmatch', '--', path]);
  const inBase = (await git(tree.path, ['cat-file', '-e', `${from}:${path}`])).code === 0;
  const args =
    tracked.code !== 0 && !inBase
      ? ['diff', '--no-index', ...PLAIN, '--', '/dev/null', path]
      : ['diff', ...PLAIN, from, '--', path];
  const result = await git(tree.path, args, { maxBytes: MAX_DIFF_BYTES });
  if (result.code !== 0 && result.code !== 1) throw new GitError(result.stderr);
  const text = result.stdout.toString('utf8');
  const binary = /^Binary files .* differ$/m.test(text);
  return { path, binary, truncated: result.truncated, text: binary ? '' : text };
}
