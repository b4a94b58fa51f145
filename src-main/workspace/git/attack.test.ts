import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitReview } from './review';
import { makeRepo, sh, useTempDirs } from '../testing/gitRepo';

// A repository planted with programs its config runs: none may run when the app reads or stages.
const tempDir = useTempDirs();
const review = createGitReview({ beforeDiscard: async () => {} });
let repo: string;
let markers: string;

/** A program that leaves a file named for it in `markers`, so a test sees whether it ran. */
async function planted(name: string): Promise<string> {
  const path = join(markers, `${name}.sh`);
  await writeFile(path, `#!/bin/sh\ntouch '${join(markers, `ran-${name}`)}'\ncat >/dev/null 2>&1 || true\n`, {
    mode: 0o755,
  });
  return path;
}

const forget = async () =>
  Promise.all((await readdir(markers)).filter((f) => f.startsWith('ran-')).map((f) => rm(join(markers, f))));
const ran = async () => (await readdir(markers)).filter((f) => f.startsWith('ran-')).sort();

const savedEnv = { ...process.env };
beforeEach(async () => {
  repo = await makeRepo(await tempDir());
  markers = await tempDir();
  await writeFile(join(repo, '.gitattributes'), '* diff=evil\n');
  sh(repo, 'add', '.gitattributes');
  sh(repo, 'commit', '-q', '-m', 'attributes');
  sh(repo, 'config', 'core.fsmonitor', await planted('fsmonitor'));
  sh(repo, 'config', 'diff.external', await planted('external'));
  sh(repo, 'config', 'diff.evil.textconv', await planted('textconv'));
  sh(repo, 'config', 'core.pager', await planted('pager'));
  sh(repo, 'config', 'pager.status', 'true');
  sh(repo, 'config', 'pager.diff', 'true');
  await writeFile(
    join(repo, '.git', 'hooks', 'post-checkout'),
    `#!/bin/sh\nexec '${await planted('post-checkout')}'\n`,
    {
      mode: 0o755,
    },
  );
  await writeFile(
    join(repo, '.git', 'hooks', 'pre-commit'),
    `#!/bin/sh\nexec '${await planted('pre-commit')}'\n`,
    {
      mode: 0o755,
    },
  );
  // The app's own environment must not steer it either.
  process.env.GIT_EXTERNAL_DIFF = await planted('env-external');
  process.env.GIT_PAGER = await planted('env-pager');
  await writeFile(join(repo, 'a.txt'), 'changed\n');
  await writeFile(join(repo, 'n.txt'), 'new\n');
});

afterEach(() => {
  process.env = { ...savedEnv };
});

describe('a repository whose config runs programs', () => {
  it('runs none of them for status, diffs, stage, unstage and discard', async () => {
    await review.status(repo);
    await review.diff(repo, 'a.txt', 'unstaged');
    await review.diff(repo, 'n.txt', 'untracked');
    await review.stage(repo, ['a.txt']);
    await review.diff(repo, 'a.txt', 'staged');
    await review.unstage(repo, ['a.txt']);
    await review.discard(repo, ['a.txt']);
    expect(await ran()).toEqual([]);
  });

  it('shows the real content, not the textconv output', async () => {
    expect((await review.diff(repo, 'a.txt', 'unstaged')).text).toContain('+changed\n');
  });

  it('runs no hook when creating a branch', async () => {
    await review.createBranch(repo, 'topic');
    expect(await ran()).toEqual([]);
  });

  it('runs no filter driver of the repository for status and diffs, and stages no file that uses one', async () => {
    sh(repo, 'config', 'filter.evil.clean', await planted('clean'));
    sh(repo, 'config', 'filter.evil.smudge', await planted('smudge'));
    sh(repo, 'config', 'filter.evil.required', 'true');
    // A file whose stat no longer matches the index is hashed again, through its clean filter.
    await utimes(join(repo, 'b.txt'), new Date(2001, 1, 1), new Date(2001, 1, 1));
    await writeFile(join(repo, '.git', 'info', 'attributes'), '*.txt filter=evil\n');
    const status = await review.status(repo);
    expect(status.repo && status.files.map((f) => f.path)).toContain('a.txt');
    await review.diff(repo, 'a.txt', 'unstaged');
    await expect(review.stage(repo, ['a.txt'])).rejects.toThrow(/filter this repository's config defines/);
    await expect(review.discard(repo, ['a.txt'])).rejects.toThrow(/filter this repository's config defines/);
    expect(await ran()).toEqual([]);
  });

  it('runs no program of a submodule to see whether it changed', async () => {
    const inner = await makeRepo(await tempDir());
    sh(repo, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', inner, 'sub');
    sh(repo, 'commit', '-q', '-m', 'submodule');
    const sub = join(repo, 'sub');
    sh(sub, 'config', 'filter.evil.clean', await planted('sub-clean'));
    sh(sub, 'config', 'core.fsmonitor', await planted('sub-fsmonitor'));
    const attributes = join(repo, '.git', 'modules', 'sub', 'info', 'attributes');
    await mkdir(dirname(attributes), { recursive: true });
    await writeFile(attributes, '*.txt filter=evil\n');
    await utimes(join(sub, 'b.txt'), new Date(2001, 1, 1), new Date(2001, 1, 1));
    await writeFile(join(sub, 'a.txt'), 'changed in the submodule\n');
    // Setting it up ran the planted programs with plain git; from here only the app runs git.
    await forget();
    await review.status(repo);
    await review.diff(repo, 'sub', 'unstaged');
    expect(await ran()).toEqual([]);
  });

  it("runs the commit's own hooks, and still not the fsmonitor", async () => {
    await review.stage(repo, ['a.txt']);
    await review.commit(repo, 'Change a');
    expect(await ran()).toEqual(['ran-pre-commit']);
  });
});
