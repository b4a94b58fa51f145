import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlantGuard } from './plantGuard';

let root: string;
let workspace: string;
let guard: PlantGuard;

const git = (args: string[], cwd: string) =>
  execFileSync('git', args, { cwd, env: { PATH: process.env.PATH, HOME: root, GIT_CONFIG_NOSYSTEM: '1' } });
const gitAsync = (args: string[]) =>
  promisify(execFile)('git', args, { env: { PATH: process.env.PATH, HOME: root, GIT_CONFIG_NOSYSTEM: '1' } });

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'caduceus-guard-'));
  workspace = join(root, 'ws');
  await mkdir(workspace);
  guard = new PlantGuard({ protectedNames: () => ['.envrc'] });
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('PlantGuard', () => {
  it("keeps a safe change to an existing config and the person's own program keys", async () => {
    git(['init', '-q'], workspace);
    git(['config', 'core.pager', 'less'], workspace);
    const config = join(workspace, '.git/config');
    let run = await guard.begin([workspace]);
    await appendFile(config, '[user]\n\tname = a\n');
    expect(await run.end()).toEqual([]);
    expect(await readFile(config, 'utf8')).toMatch(/pager = less[\s\S]*name = a/);
    const kept = await readFile(config);
    run = await guard.begin([workspace]);
    await appendFile(config, '[alias]\n\tst = !touch x\n');
    expect(await run.end()).toEqual([{ path: '.git/config', action: 'restored' }]);
    expect((await readFile(config)).equals(kept)).toBe(true);
  });

  it('takes what the person changed between commands as the new starting point', async () => {
    const run = await guard.begin([workspace]);
    await run.end();
    await writeFile(join(workspace, '.envrc'), 'mine\n');
    git(['init', '-q'], workspace);
    await writeFile(join(workspace, '.git/hooks/pre-commit'), '#!/bin/sh\n', { mode: 0o755 });
    expect(await (await guard.begin([workspace])).end()).toEqual([]);
    expect(existsSync(join(workspace, '.envrc'))).toBe(true);
    expect(existsSync(join(workspace, '.git/hooks/pre-commit'))).toBe(true);
  });

  it('leaves alone what changes outside the root, in the repository a linked worktree belongs to', async () => {
    const main = join(root, 'main');
    await mkdir(main);
    git(['init', '-q', '-b', 'main'], main);
    git(['-c', 'user.name=p', '-c', 'user.email=p@e', 'commit', '-q', '--allow-empty', '-m', 'x'], main);
    git(['worktree', 'add', '-q', join(workspace, 'wt')], main);
    const run = await guard.begin([workspace]);
    git(['worktree', 'add', '-q', join(root, 'other')], main);
    git(['config', 'core.pager', 'less'], main);
    expect(await run.end()).toEqual([]);
    expect(git(['worktree', 'list'], main).toString()).toContain(join(root, 'other'));
    expect(git(['config', 'core.pager'], main).toString().trim()).toBe('less');
  });

  it.each([
    ['an existing repository', ''],
    ['a repository made while the command runs', 'r'],
  ])('keeps no key the command writes again while a check undoes it, in %s', async (_, sub) => {
    guard = new PlantGuard({ protectedNames: () => [], intervalMs: 20 });
    if (!sub) git(['init', '-q'], workspace);
    const run = await guard.begin([workspace]);
    if (sub) git(['init', '-q', sub], workspace);
    const config = join(workspace, sub, '.git/config');
    // The command sets the key again and again, as a script of git commands would, while the
    // checks undo it: a check that took the state just after its undo as allowed kept the key.
    const stop = Date.now() + 1_500;
    while (Date.now() < stop)
      await gitAsync(['config', '--file', config, 'core.fsmonitor', `touch ${join(root, 'ran')}`]).catch(
        () => undefined, // git refuses while the guard holds the lock
      );
    expect(await run.end()).not.toEqual([]);
    expect(await readFile(config, 'utf8').catch(() => '')).not.toContain('fsmonitor');
  });

  it('says in one line every key it removed from a config over the checks a command ran through', async () => {
    guard = new PlantGuard({ protectedNames: () => [], intervalMs: 20 });
    const run = await guard.begin([workspace]);
    git(['init', '-q', 'r'], workspace);
    const config = join(workspace, 'r/.git/config');
    git(['config', '--file', config, 'core.pager', 'less'], workspace);
    while ((await readFile(config, 'utf8')).includes('pager')) await new Promise((r) => setTimeout(r, 10));
    git(['config', '--file', config, 'core.editor', 'vi'], workspace);
    expect(await run.end()).toEqual([
      {
        path: 'r/.git/config',
        action: 'removed core.pager, core.editor',
        keys: ['core.pager', 'core.editor'],
      },
    ]);
  });

  it("waits out a git holding a new repository's config lock, and keeps the keys that run nothing", async () => {
    const run = await guard.begin([workspace]);
    git(['init', '-q', 'r'], workspace);
    const config = join(workspace, 'r/.git/config');
    git(['config', '--file', config, 'user.name', 'agent'], workspace);
    git(['config', '--file', config, 'core.fsmonitor', 'touch planted'], workspace);
    // The command's own git is between taking the lock and renaming it over the config.
    await writeFile(`${config}.lock`, '');
    const freed = new Promise((resolve) => setTimeout(resolve, 150)).then(() => rm(`${config}.lock`));
    expect(await run.end()).toEqual([
      { path: 'r/.git/config', action: 'removed core.fsmonitor', keys: ['core.fsmonitor'] },
    ]);
    await freed;
    expect(await readFile(config, 'utf8')).toMatch(/name = agent/);
    expect(await readFile(config, 'utf8')).not.toContain('fsmonitor');
  });

  it('removes a new config whose lock is never let go, rather than leave a key that runs code', async () => {
    const run = await guard.begin([workspace]);
    git(['init', '-q', 'r'], workspace);
    const config = join(workspace, 'r/.git/config');
    git(['config', '--file', config, 'core.fsmonitor', 'touch planted'], workspace);
    await writeFile(`${config}.lock`, '');
    expect(await run.end()).toEqual([{ path: 'r/.git/config', action: 'removed' }]);
    expect(existsSync(config)).toBe(false);
  });
});
