import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWorktree, worktreePathFor, worktreeWriteRoots } from './worktree';
import { mergeWorktree, removalRisk, removeWorktree } from './worktreeMerge';
import { worktreeChanges, worktreeDiff } from './worktreeChanges';
import { makeRepo, sh, useTempDirs } from '../testing/gitRepo';

const tempDir = useTempDirs();

async function setUp() {
  const repo = await makeRepo(await tempDir());
  const root = await tempDir();
  const tree = await createWorktree(repo, worktreePathFor(root, repo, 's1'), 's1');
  return { repo, tree };
}

async function commitIn(dir: string, file: string, body: string) {
  await writeFile(join(dir, file), body);
  sh(dir, 'add', file);
  sh(dir, '-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-qm', `edit ${file}`);
}

describe('a session worktree', () => {
  it('is a new branch outside the repository, from the current branch', async () => {
    const { repo, tree } = await setUp();
    expect(tree).toMatchObject({ branch: 'caduceus/s1', base: 'main' });
    expect(tree.path.startsWith(repo)).toBe(false);
    expect(sh(tree.path, 'branch', '--show-current').trim()).toBe('caduceus/s1');
    expect(worktreeWriteRoots(tree)).toEqual([
      join(tree.commonDir, 'objects'),
      join(tree.commonDir, 'refs'),
      join(tree.commonDir, 'logs'),
      join(tree.commonDir, 'worktrees', 's1'),
    ]);
  });

  it('merges into its base, leaving the main checkout untouched until then', async () => {
    const { repo, tree } = await setUp();
    await commitIn(tree.path, 'a.txt', 'changed\n');
    expect(await readFile(join(repo, 'a.txt'), 'utf8')).toBe('one\ntwo\n');
    const result = await mergeWorktree(tree);
    expect(result).toMatchObject({ status: 'merged', into: 'main' });
    expect(await readFile(join(repo, 'a.txt'), 'utf8')).toBe('changed\n');
    expect(await removalRisk(tree)).toBeUndefined();
  });

  it('refuses when the target checkout has uncommitted changes, and changes nothing', async () => {
    const { repo, tree } = await setUp();
    await commitIn(tree.path, 'b.txt', 'worktree\n');
    await writeFile(join(repo, 'a.txt'), 'person editing\n');
    const before = sh(repo, 'rev-parse', 'main');
    const result = await mergeWorktree(tree);
    expect(result).toMatchObject({ status: 'refused' });
    expect(result.status === 'refused' && result.reason).toMatch(/uncommitted changes/);
    expect(sh(repo, 'rev-parse', 'main')).toBe(before);
    expect(await readFile(join(repo, 'a.txt'), 'utf8')).toBe('person editing\n');
  });

  it('reports conflicts and loses nothing on either side', async () => {
    const { repo, tree } = await setUp();
    await commitIn(tree.path, 'a.txt', 'theirs\n');
    await commitIn(repo, 'a.txt', 'mine\n');
    const [main, branch] = [sh(repo, 'rev-parse', 'main'), sh(repo, 'rev-parse', tree.branch)];
    expect(await mergeWorktree(tree)).toEqual({ status: 'conflicts', into: 'main', files: ['a.txt'] });
    expect([sh(repo, 'rev-parse', 'main'), sh(repo, 'rev-parse', tree.branch)]).toEqual([main, branch]);
    expect(sh(repo, 'status', '--porcelain')).toBe('');
    expect(await readFile(join(tree.path, 'a.txt'), 'utf8')).toBe('theirs\n');
  });

  it('merges into a branch checked out nowhere by moving its ref', async () => {
    const { repo, tree } = await setUp();
    sh(repo, 'branch', 'release');
    await commitIn(tree.path, 'c.txt', 'new\n');
    const result = await mergeWorktree(tree, 'release');
    expect(result).toMatchObject({ status: 'merged', into: 'release' });
    expect(sh(repo, 'show', 'release:c.txt')).toBe('new\n');
    expect(existsSync(join(repo, 'c.txt'))).toBe(false);
  });

  it('says what removal would lose, and removes worktree and branch', async () => {
    const { repo, tree } = await setUp();
    await commitIn(tree.path, 'a.txt', 'work\n');
    await writeFile(join(tree.path, 'b.txt'), 'dirty\n');
    expect(await removalRisk(tree)).toMatch(/1 commit\(s\).*1 uncommitted change/);
    await removeWorktree(tree);
    expect(existsSync(tree.path)).toBe(false);
    expect(sh(repo, 'branch', '--list', tree.branch)).toBe('');
    expect(sh(repo, 'worktree', 'list').split('\n').filter(Boolean)).toHaveLength(1);
  });
});

describe('a worktree removed by hand', () => {
  it('still says what its branch holds, and its removal cleans up', async () => {
    const { repo, tree } = await setUp();
    await commitIn(tree.path, 'a.txt', 'work\n');
    sh(repo, 'worktree', 'remove', '--force', tree.path);
    expect(await removalRisk(tree)).toMatch(/1 commit\(s\)/);
    await removeWorktree(tree);
    expect(sh(repo, 'branch', '--list', tree.branch)).toBe('');
  });
});

describe("a worktree's changes against its base", () => {
  it('lists committed and uncommitted changes since the fork, and diffs only those', async () => {
    const { repo, tree } = await setUp();
    await commitIn(tree.path, 'a.txt', 'committed\n');
    await writeFile(join(tree.path, 'b.txt'), 'not yet\n');
    await writeFile(join(tree.path, 'new.txt'), 'new\n');
    await commitIn(repo, 'c.txt', 'base moved on\n');
    expect(await worktreeChanges(tree)).toEqual([
      { path: 'a.txt', status: 'M' },
      { path: 'b.txt', status: 'M' },
      { path: 'new.txt', status: 'A' },
    ]);
    expect((await worktreeDiff(tree, 'a.txt')).text).toMatch(/-one\n-two\n\+committed/);
    expect((await worktreeDiff(tree, 'new.txt')).text).toMatch(/\+new/);
    await expect(worktreeDiff(tree, '../../etc/passwd')).rejects.toThrow(/no changes against main/);
  });
});
