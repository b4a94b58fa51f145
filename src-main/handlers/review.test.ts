import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../appCore';
import { useCoreHome } from '../testing/coreHome';
import { makeRepo, sh } from '../workspace/testing/gitRepo';

// The Review view's requests over the contract, on a real repository.
const temp = useCoreHome('caduceus-review-contract-', { perFile: true, homeInside: true });
let core: AppCore;
let repo: string;
const discarded: string[][] = [];

beforeAll(async () => {
  repo = join(temp.dir, 'repo');
  await mkdir(repo);
  await makeRepo(repo);
  await mkdir(join(temp.dir, 'plain'));
  core = await temp.start({
    workspace: temp.dir,
    env: process.env,
    approvals: 'deny',
    beforeDiscard: async (_workspace, paths) => void discarded.push(paths),
  });
});

describe('review requests', () => {
  it('stages, commits and branches in a repository', async () => {
    await writeFile(join(repo, 'a.txt'), 'changed\n');
    expect(await core.invoke('review.status', { workspace: repo })).toMatchObject({
      ok: true,
      value: { repo: true, branch: 'main', files: [{ path: 'a.txt', unstaged: 'M' }] },
    });
    const diff = await core.invoke('review.diff', { workspace: repo, path: 'a.txt', side: 'unstaged' });
    expect(diff).toMatchObject({ ok: true, value: { text: expect.stringContaining('+changed') } });
    expect(await core.invoke('review.stage', { workspace: 'repo', paths: ['a.txt'] })).toMatchObject({
      ok: true,
      value: { files: [{ path: 'a.txt', staged: 'M', unstaged: null }] },
    });
    expect(await core.invoke('review.commit', { workspace: repo, message: 'Change a' })).toMatchObject({
      ok: true,
      value: { summary: 'Change a' },
    });
    expect(sh(repo, 'log', '-1', '--format=%s').trim()).toBe('Change a');
    expect(await core.invoke('review.createBranch', { workspace: repo, name: 'topic' })).toMatchObject({
      ok: true,
      value: { branch: 'topic' },
    });
  });

  it('checkpoints before a discard', async () => {
    await writeFile(join(repo, 'b.txt'), 'changed\n');
    expect(await core.invoke('review.discard', { workspace: repo, paths: ['b.txt'] })).toMatchObject({
      ok: true,
      value: { files: [] },
    });
    expect(discarded).toEqual([['b.txt']]);
    expect(await readFile(join(repo, 'b.txt'), 'utf8')).toBe('bee\n');
  });

  it('answers a plain folder, bad paths and bad names with messages', async () => {
    expect(await core.invoke('review.status', { workspace: join(temp.dir, 'plain') })).toMatchObject({
      ok: true,
      value: { repo: false },
    });
    expect(await core.invoke('review.stage', { workspace: repo, paths: ['../x'] })).toMatchObject({
      ok: false,
      error: { code: 'bad_path' },
    });
    expect(await core.invoke('review.createBranch', { workspace: repo, name: 'a..b' })).toMatchObject({
      ok: false,
      error: { code: 'git_failed' },
    });
    expect(await core.invoke('review.createBranch', { workspace: repo, name: '--force' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await core.invoke('review.status', { workspace: join(temp.dir, 'missing') })).toMatchObject({
      ok: false,
      error: { code: 'bad_workspace' },
    });
  });
});
