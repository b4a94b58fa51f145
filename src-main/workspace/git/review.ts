/** The Review view's git operations on a workspace: status, diffs, stage, unstage, discard, commit, branch. */
import { lstat, rm } from 'node:fs/promises';
import type { DiffSide, FileDiff, ReviewStatus } from '../../../src-shared/ipc/reviewSchemas';
import { pathsFiltered } from './filters';
import { oneAtATime } from './oneAtATime';
import { git, GitError, gitOk, repoFilters } from './runner';
import { exists, insideWorkspace } from './paths';
import { parseStatus, underPrefix } from './status';

/** Called with the files a discard is about to change, before it changes them (the checkpoint store). */
export type BeforeDiscard = (workspace: string, paths: string[]) => Promise<void>;

interface GitReviewOptions {
  beforeDiscard: BeforeDiscard;
  /** A diff longer than this is cut (bytes). */
  maxDiffBytes?: number;
}

/**
 * A submodule counts as changed when its commit differs: looking inside it for changed files
 * would run git there, with the submodule's own filters.
 */
const SUBMODULES = '--ignore-submodules=dirty';
const NO_DIFF_PROGRAMS = ['--no-ext-diff', '--no-textconv', '--no-color', SUBMODULES];
const COMMIT_TIMEOUT_MS = 10 * 60_000;

/** The workspace's folder inside its repository (`''` at the top, `sub/` below), or undefined outside one. */
async function repoPrefix(workspace: string): Promise<string | undefined> {
  const result = await git(workspace, ['rev-parse', '--is-inside-work-tree', '--show-prefix']);
  const [inside, prefix] = result.stdout.toString('utf8').split('\n');
  return result.code === 0 && inside === 'true' ? (prefix ?? '') : undefined;
}

async function requireRepo(workspace: string): Promise<string> {
  const prefix = await repoPrefix(workspace);
  if (prefix === undefined) throw new GitError(`${workspace} is not in a git repository.`);
  return prefix;
}

/**
 * Refuses files that go through a filter driver of the repository's own config: staging one
 * without it would commit what the filter keeps out (git-crypt's plain text), and running it
 * would run a program the repository planted.
 */
async function refuseRepoFiltered(workspace: string, paths: string[]): Promise<void> {
  const names = await repoFilters(workspace);
  if (names.length === 0) return;
  const attrs = await gitOk(workspace, ['check-attr', '-z', 'filter', '--', ...paths]);
  const filtered = pathsFiltered(attrs.toString('utf8'), names);
  if (filtered.length > 0)
    throw new GitError(
      `${filtered.join(', ')} go${filtered.length === 1 ? 'es' : ''} through a filter this repository's config defines; use git in a terminal for ${filtered.length === 1 ? 'it' : 'them'}.`,
    );
}

function isBinary(text: string): boolean {
  return /^Binary files .* differ$/m.test(text) || text.includes('GIT binary patch');
}

export function createGitReview({ beforeDiscard, maxDiffBytes = 512 * 1024 }: GitReviewOptions) {
  async function status(workspace: string): Promise<ReviewStatus> {
    const prefix = await repoPrefix(workspace);
    if (prefix === undefined)
      return {
        repo: false,
        message: 'This workspace is not a git repository, so there is nothing to review.',
      };
    const out = await gitOk(workspace, [
      'status',
      '--porcelain=v2',
      '-z',
      '--branch',
      '--untracked-files=all',
      SUBMODULES,
      '--',
      '.',
    ]);
    const parsed = parseStatus(out.toString('utf8'));
    return { repo: true, branch: parsed.branch, head: parsed.head, files: underPrefix(parsed.files, prefix) };
  }

  /** The paths checked, with a rename's source added: its two halves go together. */
  async function checked(workspace: string, paths: string[]): Promise<string[]> {
    await requireRepo(workspace);
    const current = await status(workspace);
    const all = new Set(paths);
    if (current.repo)
      for (const file of current.files) if (all.has(file.path) && file.origPath) all.add(file.origPath);
    for (const path of all) await insideWorkspace(workspace, path);
    return [...all];
  }

  async function diff(workspace: string, path: string, side: DiffSide): Promise<FileDiff> {
    await requireRepo(workspace);
    const absolute = await insideWorkspace(workspace, path);
    const empty = { path, side, binary: false, truncated: false, text: '' };
    let args: string[];
    if (side === 'untracked') {
      const info = await lstat(absolute);
      if (info.size > maxDiffBytes) return { ...empty, truncated: true };
      args = ['diff', '--no-index', ...NO_DIFF_PROGRAMS, '--', '/dev/null', path];
    } else {
      args = ['diff', ...(side === 'staged' ? ['--cached'] : []), ...NO_DIFF_PROGRAMS, '--', path];
    }
    const result = await git(workspace, args, { maxBytes: maxDiffBytes });
    // `--no-index` exits 1 when the files differ, which a new file always does.
    if (result.code !== 0 && !(side === 'untracked' && result.code === 1)) throw new GitError(result.stderr);
    const text = result.stdout.toString('utf8');
    if (isBinary(text)) return { ...empty, binary: true };
    return { ...empty, text, truncated: result.truncated };
  }

  async function stage(workspace: string, paths: string[]): Promise<ReviewStatus> {
    const files = await checked(workspace, paths);
    await refuseRepoFiltered(workspace, files);
    await gitOk(workspace, ['add', '--', ...files]);
    return status(workspace);
  }

  async function unstage(workspace: string, paths: string[]): Promise<ReviewStatus> {
    const files = await checked(workspace, paths);
    const head = await git(workspace, ['rev-parse', '--verify', '--quiet', 'HEAD']);
    // Before the first commit there is no HEAD to restore the index from.
    if (head.code !== 0)
      await gitOk(workspace, ['rm', '--cached', '--quiet', '--ignore-unmatch', '-r', '--', ...files]);
    else await gitOk(workspace, ['restore', '--staged', '--', ...files]);
    return status(workspace);
  }

  async function inHead(workspace: string, path: string): Promise<boolean> {
    const result = await git(workspace, ['ls-tree', '-z', '--name-only', 'HEAD', '--', path]);
    return result.code === 0 && result.stdout.length > 0;
  }

  async function discard(workspace: string, paths: string[]): Promise<ReviewStatus> {
    const files = await checked(workspace, paths);
    await refuseRepoFiltered(workspace, files);
    await beforeDiscard(workspace, files);
    for (const path of files) {
      if (await inHead(workspace, path)) {
        await gitOk(workspace, ['restore', '--source=HEAD', '--staged', '--worktree', '--', path]);
        continue;
      }
      // New since HEAD (staged or untracked): out of the index, then off the disk.
      await gitOk(workspace, ['rm', '--cached', '--quiet', '--ignore-unmatch', '--', path]);
      const absolute = await insideWorkspace(workspace, path);
      if (await exists(absolute)) await rm(absolute);
    }
    return status(workspace);
  }

  async function commit(workspace: string, message: string): Promise<{ oid: string; summary: string }> {
    await requireRepo(workspace);
    await gitOk(workspace, ['commit', '--file=-'], {
      hooks: true,
      input: message,
      timeoutMs: COMMIT_TIMEOUT_MS,
    });
    const oid = (await gitOk(workspace, ['rev-parse', 'HEAD'])).toString('utf8').trim();
    const summary = (await gitOk(workspace, ['log', '-1', '--format=%s', 'HEAD'])).toString('utf8').trim();
    return { oid, summary };
  }

  async function createBranch(workspace: string, name: string): Promise<ReviewStatus> {
    await requireRepo(workspace);
    if (name.startsWith('-') || (await git(workspace, ['check-ref-format', '--branch', name])).code !== 0)
      throw new GitError(`"${name}" is not a valid branch name.`);
    await gitOk(workspace, ['switch', '--create', name]);
    return status(workspace);
  }

  const serial = oneAtATime();
  return {
    status,
    diff,
    stage: serial(stage),
    unstage: serial(unstage),
    discard: serial(discard),
    commit: serial(commit),
    createBranch: serial(createBranch),
  };
}
