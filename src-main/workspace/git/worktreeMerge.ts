/**
 * "Merge into <branch>" and removal of a session's worktree. A merge is tried first with
 * `git merge-tree --write-tree`, which touches no checkout: a conflict is reported and nothing
 * changes, so no work is lost.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { git, gitOk } from './runner';
import { worktreeState, type SessionWorktree } from './worktree';

export type MergeResult =
  | { status: 'merged'; into: string; commit: string }
  | { status: 'conflicts'; into: string; files: string[] }
  | { status: 'refused'; into: string; reason: string };

const text = (out: Buffer) => out.toString('utf8').trim();

/** Merges the session's branch into `into` (its base by default), in the checkout that has it. */
export async function mergeWorktree(tree: SessionWorktree, into = tree.base): Promise<MergeResult> {
  const target = `refs/heads/${into}`;
  if ((await git(tree.repo, ['rev-parse', '--verify', '--quiet', target])).code !== 0)
    return { status: 'refused', into, reason: `there is no branch ${into}` };
  const trial = await git(tree.repo, [
    'merge-tree',
    '--write-tree',
    '--name-only',
    '--no-messages',
    target,
    tree.branch,
  ]);
  if (trial.code === 1) {
    const [, ...files] = text(trial.stdout).split('\n');
    return { status: 'conflicts', into, files: files.filter((f) => f.length > 0) };
  }
  if (trial.code !== 0) return { status: 'refused', into, reason: trial.stderr || 'git merge-tree failed' };
  const checkout = await checkoutOf(tree.repo, target);
  if (checkout === tree.path)
    return { status: 'refused', into, reason: `${into} is this session's own branch` };
  if (checkout === undefined) return mergeByRef(tree, into, text(trial.stdout).split('\n')[0] ?? '');
  const dirty = await git(checkout, ['status', '--porcelain', '--untracked-files=no']);
  if (dirty.code !== 0 || text(dirty.stdout) !== '')
    return {
      status: 'refused',
      into,
      reason: `${checkout} (where ${into} is checked out) has uncommitted changes; commit or discard them first`,
    };
  const merged = await git(checkout, [
    'merge',
    '--no-ff',
    '--no-edit',
    '-m',
    message(tree, into),
    tree.branch,
  ]);
  if (merged.code !== 0) {
    await git(checkout, ['merge', '--abort']);
    return { status: 'refused', into, reason: merged.stderr || text(merged.stdout) || 'git merge failed' };
  }
  return { status: 'merged', into, commit: text(await gitOk(checkout, ['rev-parse', 'HEAD'])) };
}

/** The branch is checked out nowhere: the merge commit is made from the tree and the ref moved. */
async function mergeByRef(tree: SessionWorktree, into: string, treeId: string): Promise<MergeResult> {
  const target = `refs/heads/${into}`;
  const old = text(await gitOk(tree.repo, ['rev-parse', target]));
  const args = ['commit-tree', treeId, '-p', old, '-p', tree.branch, '-m', message(tree, into)];
  const commit = text(await gitOk(tree.repo, args));
  await gitOk(tree.repo, ['update-ref', target, commit, old]);
  return { status: 'merged', into, commit };
}

function message(tree: SessionWorktree, into: string): string {
  return `Merge ${tree.branch} into ${into}`;
}

/** The checkout (main or a linked worktree) whose HEAD is `ref`, if any. */
async function checkoutOf(repo: string, ref: string): Promise<string | undefined> {
  const list = text(await gitOk(repo, ['worktree', 'list', '--porcelain']));
  for (const block of list.split('\n\n')) {
    const fields = block.split('\n');
    const path = fields.find((f) => f.startsWith('worktree '))?.slice('worktree '.length);
    if (path && fields.includes(`branch ${ref}`)) return path;
  }
  return undefined;
}

/** Why removing the worktree would lose work, in words; undefined when nothing would be lost. */
export async function removalRisk(tree: SessionWorktree): Promise<string | undefined> {
  if (!existsSync(tree.repo)) return undefined;
  const state = await worktreeState(tree);
  const parts = [
    ...(state.unmerged > 0
      ? [`${state.unmerged} commit(s) on ${tree.branch} not merged into ${tree.base}`]
      : []),
    ...(state.uncommitted.length > 0 ? [`${state.uncommitted.length} uncommitted change(s)`] : []),
  ];
  return parts.length > 0 ? `The worktree ${tree.path} holds ${parts.join(' and ')}.` : undefined;
}

/** Removes the worktree and its branch (the caller asked first when work would be lost). */
export async function removeWorktree(tree: SessionWorktree): Promise<void> {
  if (!existsSync(tree.repo)) return rm(tree.path, { recursive: true, force: true });
  const removed = await git(tree.repo, ['worktree', 'remove', '--force', tree.path]);
  if (removed.code !== 0) {
    await rm(tree.path, { recursive: true, force: true });
    await git(tree.repo, ['worktree', 'prune']);
  }
  await git(tree.repo, ['branch', '-D', tree.branch]);
}
