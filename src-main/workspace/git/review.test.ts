import { mkdir, readFile, rename, symlink, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createGitReview } from './review';
import { makeRepo, sh, useTempDirs } from '../testing/gitRepo';

const tempDir = useTempDirs();
const review = () => createGitReview({ beforeDiscard: async () => {} });

describe('git review status', () => {
  it('says so for a folder that is not a repository', async () => {
    const dir = await tempDir();
    expect(await review().status(dir)).toMatchObject({ repo: false });
  });

  it('lists staged, unstaged, untracked, renamed and deleted files', async () => {
    const repo = await makeRepo(await tempDir());
    await writeFile(join(repo, 'a.txt'), 'one\nTWO\n');
    sh(repo, 'add', 'a.txt');
    await writeFile(join(repo, 'a.txt'), 'one\nTWO\nthree\n');
    sh(repo, 'mv', 'b.txt', 'b two.txt');
    await mkdir(join(repo, 'new dir'));
    await writeFile(join(repo, 'new dir', 'c.txt'), 'sea\n');
    const status = await review().status(repo);
    expect(status).toMatchObject({
      repo: true,
      branch: 'main',
      head: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    if (!status.repo) return;
    expect(status.files).toEqual([
      { path: 'a.txt', staged: 'M', unstaged: 'M', untracked: false, conflicted: false },
      {
        path: 'b two.txt',
        origPath: 'b.txt',
        staged: 'R',
        unstaged: null,
        untracked: false,
        conflicted: false,
      },
      { path: 'new dir/c.txt', staged: null, unstaged: null, untracked: true, conflicted: false },
    ]);
  });

  it('lists a conflicted file', async () => {
    const repo = await makeRepo(await tempDir());
    sh(repo, 'switch', '-q', '-c', 'other');
    await writeFile(join(repo, 'a.txt'), 'other\n');
    sh(repo, 'commit', '-qam', 'other');
    sh(repo, 'switch', '-q', 'main');
    await writeFile(join(repo, 'a.txt'), 'mine\n');
    sh(repo, 'commit', '-qam', 'mine');
    try {
      sh(repo, 'merge', '-q', 'other');
    } catch {
      // The conflict is the point.
    }
    const status = await review().status(repo);
    expect(status.repo && status.files).toEqual([
      { path: 'a.txt', staged: 'U', unstaged: 'U', untracked: false, conflicted: true },
    ]);
  });

  it('shows a workspace below the top level with paths relative to it', async () => {
    const repo = await makeRepo(await tempDir());
    await mkdir(join(repo, 'sub'));
    await writeFile(join(repo, 'sub', 'x.txt'), 'x\n');
    await writeFile(join(repo, 'a.txt'), 'changed\n');
    const status = await review().status(join(repo, 'sub'));
    expect(status.repo && status.files.map((f) => f.path)).toEqual(['x.txt']);
  });
});

describe('git review diffs', () => {
  it('diffs the index against HEAD, the tree against the index, and a new file', async () => {
    const repo = await makeRepo(await tempDir());
    await writeFile(join(repo, 'a.txt'), 'one\nTWO\n');
    sh(repo, 'add', 'a.txt');
    await writeFile(join(repo, 'a.txt'), 'one\nTWO\nthree\n');
    await writeFile(join(repo, 'n.txt'), 'new\n');
    const staged = await review().diff(repo, 'a.txt', 'staged');
    expect(staged.text).toContain('-two\n+TWO\n');
    expect(staged.text).not.toContain('three');
    expect((await review().diff(repo, 'a.txt', 'unstaged')).text).toContain('+three\n');
    const added = await review().diff(repo, 'n.txt', 'untracked');
    expect(added).toMatchObject({ binary: false, truncated: false });
    expect(added.text).toContain('+new\n');
  });

  it('marks a binary file and cuts a long diff', async () => {
    const repo = await makeRepo(await tempDir());
    await writeFile(join(repo, 'bin.dat'), Buffer.from([0, 1, 2, 0, 255]));
    sh(repo, 'add', 'bin.dat');
    expect(await review().diff(repo, 'bin.dat', 'staged')).toMatchObject({ binary: true, text: '' });
    await writeFile(join(repo, 'a.txt'), 'line\n'.repeat(5000));
    const small = createGitReview({ beforeDiscard: async () => {}, maxDiffBytes: 1000 });
    const cut = await small.diff(repo, 'a.txt', 'unstaged');
    expect(cut.truncated).toBe(true);
    expect(cut.text.length).toBeLessThanOrEqual(1000);
    await writeFile(join(repo, 'big.txt'), 'x'.repeat(2000));
    expect(await small.diff(repo, 'big.txt', 'untracked')).toMatchObject({ truncated: true, text: '' });
  });
});

describe('git review changes', () => {
  it('stages and unstages, keeping a rename whole', async () => {
    const repo = await makeRepo(await tempDir());
    await writeFile(join(repo, 'a.txt'), 'changed\n');
    await writeFile(join(repo, 'n.txt'), 'new\n');
    let status = await review().stage(repo, ['a.txt', 'n.txt']);
    expect(status.repo && status.files.map((f) => [f.path, f.staged, f.unstaged])).toEqual([
      ['a.txt', 'M', null],
      ['n.txt', 'A', null],
    ]);
    status = await review().unstage(repo, ['a.txt', 'n.txt']);
    expect(status.repo && status.files.map((f) => [f.path, f.staged, f.untracked])).toEqual([
      ['a.txt', null, false],
      ['n.txt', null, true],
    ]);
    sh(repo, 'mv', 'b.txt', 'c.txt');
    await review().unstage(repo, ['c.txt']);
    expect(sh(repo, 'diff', '--cached', '--name-only')).toBe('');
  });

  it('takes names literally', async () => {
    const repo = await makeRepo(await tempDir());
    await writeFile(join(repo, '*.txt'), 'star\n');
    await writeFile(join(repo, 'a.txt'), 'changed\n');
    const status = await review().stage(repo, ['*.txt']);
    expect(status.repo && status.files.map((f) => [f.path, f.staged])).toEqual([
      ['*.txt', 'A'],
      ['a.txt', null],
    ]);
  });

  it('unstages before the first commit', async () => {
    const repo = await tempDir();
    sh(repo, 'init', '-q');
    await writeFile(join(repo, 'x.txt'), 'x\n');
    await review().stage(repo, ['x.txt']);
    const status = await review().unstage(repo, ['x.txt']);
    expect(status.repo && status.files).toEqual([
      { path: 'x.txt', staged: null, unstaged: null, untracked: true, conflicted: false },
    ]);
  });

  it('calls beforeDiscard first, then puts tracked files back and deletes new ones', async () => {
    const repo = await makeRepo(await tempDir());
    await writeFile(join(repo, 'a.txt'), 'changed\n');
    sh(repo, 'add', 'a.txt');
    await writeFile(join(repo, 'a.txt'), 'changed again\n');
    await unlink(join(repo, 'b.txt'));
    await writeFile(join(repo, 'n.txt'), 'new\n');
    await writeFile(join(repo, 'staged-new.txt'), 'new\n');
    sh(repo, 'add', 'staged-new.txt');
    const seen: string[] = [];
    const beforeDiscard = vi.fn(async (_workspace: string, paths: string[]) => {
      // Still as they were when the checkpoint is taken.
      seen.push(await readFile(join(repo, 'a.txt'), 'utf8'), ...paths);
    });
    const status = await createGitReview({ beforeDiscard }).discard(repo, [
      'a.txt',
      'b.txt',
      'n.txt',
      'staged-new.txt',
    ]);
    expect(beforeDiscard).toHaveBeenCalledOnce();
    expect(seen).toEqual(['changed again\n', 'a.txt', 'b.txt', 'n.txt', 'staged-new.txt']);
    expect(status.repo && status.files).toEqual([]);
    expect(await readFile(join(repo, 'a.txt'), 'utf8')).toBe('one\ntwo\n');
    expect(await readFile(join(repo, 'b.txt'), 'utf8')).toBe('bee\n');
  });

  it('discards nothing when beforeDiscard fails', async () => {
    const repo = await makeRepo(await tempDir());
    await writeFile(join(repo, 'a.txt'), 'changed\n');
    const failing = createGitReview({ beforeDiscard: () => Promise.reject(new Error('store full')) });
    await expect(failing.discard(repo, ['a.txt'])).rejects.toThrow('store full');
    expect(await readFile(join(repo, 'a.txt'), 'utf8')).toBe('changed\n');
  });

  it('commits what is staged, running the hooks a commit runs', async () => {
    const repo = await makeRepo(await tempDir());
    await writeFile(
      join(repo, '.git', 'hooks', 'commit-msg'),
      '#!/bin/sh\nprintf "\\nSigned: hook\\n" >> "$1"\n',
      {
        mode: 0o755,
      },
    );
    await writeFile(join(repo, 'a.txt'), 'changed\n');
    await review().stage(repo, ['a.txt']);
    const result = await review().commit(repo, 'Change a');
    expect(result.summary).toBe('Change a');
    expect(sh(repo, 'log', '-1', '--format=%B')).toContain('Signed: hook');
    expect(sh(repo, 'rev-parse', 'HEAD').trim()).toBe(result.oid);
    await expect(review().commit(repo, 'Nothing')).rejects.toThrow(/nothing/i);
  });

  it('creates a branch and switches to it, refusing a bad name', async () => {
    const repo = await makeRepo(await tempDir());
    const status = await review().createBranch(repo, 'feature/x');
    expect(status).toMatchObject({ repo: true, branch: 'feature/x' });
    await expect(review().createBranch(repo, 'bad..name')).rejects.toThrow(/not a valid branch name/);
    await expect(review().createBranch(repo, '-f')).rejects.toThrow(/not a valid branch name/);
    await expect(review().createBranch(repo, 'feature/x')).rejects.toThrow(/already exists/);
  });
});

describe('git review paths', () => {
  it('lists a repository inside as a folder, and leaves it to git', async () => {
    const repo = await makeRepo(await tempDir());
    await mkdir(join(repo, 'inner'));
    await makeRepo(join(repo, 'inner'));
    const status = await review().status(repo);
    expect(status.repo && status.files.map((f) => f.path)).toEqual(['inner/']);
    await expect(review().discard(repo, ['inner/'])).rejects.toThrow(/a repository of its own/);
    expect(await readFile(join(repo, 'inner', 'a.txt'), 'utf8')).toBe('one\ntwo\n');
  });

  it('refuses paths outside the workspace, in .git, and through a symlink out', async () => {
    const repo = await makeRepo(await tempDir());
    const outside = await tempDir();
    await writeFile(join(outside, 'secret.txt'), 'secret\n');
    await symlink(outside, join(repo, 'link'));
    for (const path of ['../x', '/etc/passwd', 'a/../../x', '.git/config', 'link/secret.txt']) {
      await expect(review().stage(repo, [path]), path).rejects.toThrow();
      await expect(review().diff(repo, path, 'untracked'), path).rejects.toThrow();
      await expect(review().discard(repo, [path]), path).rejects.toThrow();
    }
    expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('secret\n');
    // The link itself is a file of the repository like any other.
    await review().stage(repo, ['link']);
    await rename(join(repo, 'a.txt'), join(repo, 'a2.txt'));
    expect((await review().status(repo)).repo).toBe(true);
  });
});
