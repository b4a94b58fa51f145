/**
 * A session's own git worktree: a new branch checked out outside the repository, merged back
 * locally and removed with the session. Every git call goes through the safe runner.
 */
import { existsSync } from 'node:fs';
import { mkdir, realpath } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { git, gitOk, GitError } from './runner';

export interface SessionWorktree {
  /** The worktree's folder: the session's workspace. */
  path: string;
  /** The session's branch. */
  branch: string;
  /** The branch it started from, and merges back into by default. */
  base: string;
  /** The main repository's checkout. */
  repo: string;
  /** The main repository's `.git` (its common dir). */
  commonDir: string;
  /** `.git/worktrees/<name>`: this worktree's own state in the main repository. */
  adminDir: string;
}

const text = (out: Buffer) => out.toString('utf8').trim();

/** The repository `dir` belongs to, or undefined when it is not in a git checkout. */
export async function gitTopLevel(dir: string): Promise<string | undefined> {
  const result = await git(dir, ['rev-parse', '--show-toplevel']);
  return result.code === 0 ? text(result.stdout) : undefined;
}

/** The default place: `<root>/<repo name>/<session>`. */
export function worktreePathFor(root: string, repo: string, sessionId: string): string {
  return join(root, basename(repo), sessionId.replace(/[^A-Za-z0-9_.-]/g, '_'));
}

/** Makes branch `caduceus/<session>` from the workspace's current branch, checked out at `path`. */
export async function createWorktree(
  workspace: string,
  path: string,
  sessionId: string,
): Promise<SessionWorktree> {
  const repo = await gitTopLevel(workspace);
  if (!repo) throw new GitError(`${workspace} is not in a git repository`);
  const head = await git(repo, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
  if (head.code !== 0)
    throw new GitError('the repository is not on a branch (detached HEAD); check one out first');
  const base = text(head.stdout);
  const branch = `caduceus/${sessionId}`;
  await mkdir(dirname(path), { recursive: true });
  await gitOk(repo, ['worktree', 'add', '-b', branch, path, base]);
  return describe(repo, await realpath(path), branch, base);
}

async function describe(repo: string, path: string, branch: string, base: string): Promise<SessionWorktree> {
  const dir = async (args: string[]) =>
    realpath(text(await gitOk(path, ['rev-parse', '--path-format=absolute', ...args])));
  return {
    path,
    branch,
    base,
    repo: await realpath(repo),
    commonDir: await dir(['--git-common-dir']),
    adminDir: await dir(['--git-dir']),
  };
}

/** What a commit in the worktree writes in the main repository; never its config or hooks. */
export function worktreeWriteRoots(tree: Pick<SessionWorktree, 'commonDir' | 'adminDir'>): string[] {
  return [
    join(tree.commonDir, 'objects'),
    join(tree.commonDir, 'refs'),
    join(tree.commonDir, 'logs'),
    tree.adminDir,
  ];
}

export interface WorktreeState {
  /** Files changed in the worktree and not committed. */
  uncommitted: string[];
  /** Commits on the branch the base does not have. */
  unmerged: number;
}

export async function worktreeState(tree: SessionWorktree): Promise<WorktreeState> {
  // A worktree someone already removed has nothing uncommitted left; its branch may still have commits.
  const status = existsSync(tree.path) ? await git(tree.path, ['status', '--porcelain']) : undefined;
  const uncommitted = status?.code === 0 ? lines(status.stdout).map((l) => l.slice(3)) : [];
  const count = await git(tree.repo, [
    'rev-list',
    '--count',
    `refs/heads/${tree.base}..refs/heads/${tree.branch}`,
  ]);
  return { uncommitted, unmerged: count.code === 0 ? Number(text(count.stdout)) : 0 };
}

function lines(out: Buffer): string[] {
  return out
    .toString('utf8')
    .split('\n')
    .filter((l) => l.length > 0);
}
