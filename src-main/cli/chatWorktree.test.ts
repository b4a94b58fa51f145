import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ScriptedModel } from '../agent/testing/scriptedModel';
import { makeRepo, sh } from '../workspace/testing/gitRepo';
import { main } from './main';
import { memoryIo } from './testing';

let root: string;
let home: string;
let trees: string;
let model: ScriptedModel;
beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'caduceus-chat-wt-')));
  home = join(root, 'home');
  trees = join(root, 'trees');
  await mkdir(home, { recursive: true });
  await writeFile(join(home, 'config.yaml'), `worktrees:\n  root: ${trees}\n`);
  model = await ScriptedModel.start();
});
afterAll(async () => {
  await model.close();
  await rm(root, { recursive: true, force: true });
});
beforeEach(() => model.reset());

async function run(argv: string[], cwd: string) {
  const m = memoryIo({ ...process.env, CADUCEUS_HOME: home }, cwd);
  const code = await main(argv, m.io);
  return { code, stdout: m.stdout(), stderr: m.stderr() };
}

async function newRepo(): Promise<string> {
  const dir = join(root, `repo-${Math.random().toString(36).slice(2, 8)}`);
  await mkdir(dir);
  return makeRepo(dir);
}

/** One turn in a new worktree session of `repo` whose commands are `commands`; their outputs. */
async function worktreeTurn(repo: string, ...commands: string[]) {
  model.push(...commands.map((command) => ({ toolCalls: [{ name: 'terminal', arguments: { command } }] })), {
    text: 'done',
  });
  const args = ['chat', '-q', 'work', '--json', '--worktree', '--approvals', 'allow'];
  const result = await run([...args, '--base-url', model.baseUrl, '--model', 'scripted-model'], repo);
  expect(result.code, result.stderr).toBe(0);
  const transcript = JSON.parse(result.stdout) as { session_id: string; tool_calls: { result: string }[] };
  const outputs = transcript.tool_calls.map(
    (c) => JSON.parse(c.result) as { output?: string; exit_code?: number },
  );
  const show = await run(['sessions', 'show', transcript.session_id, '--json'], repo);
  const { worktree } = JSON.parse(show.stdout) as {
    worktree: { path: string; branch: string; base: string };
  };
  return { sessionId: transcript.session_id, outputs, worktree };
}

const COMMIT = 'echo changed > a.txt && git add a.txt && git commit -qm "edit a" && echo committed';

describe('caduceus chat --worktree', () => {
  it('commits on its own branch in a worktree outside the repository; the main checkout is untouched', async () => {
    const repo = await newRepo();
    const { sessionId, outputs, worktree } = await worktreeTurn(repo, 'pwd', COMMIT);
    expect(worktree).toEqual({
      path: join(trees, 'repo-' + repo.split('repo-')[1], sessionId),
      branch: `caduceus/${sessionId}`,
      base: 'main',
    });
    expect(outputs[0]?.output?.trim()).toBe(worktree.path);
    expect(outputs[1]?.output).toContain('committed');
    expect(await readFile(join(repo, 'a.txt'), 'utf8')).toBe('one\ntwo\n');
    expect(sh(repo, 'log', '-1', '--format=%s', worktree.branch).trim()).toBe('edit a');
    expect(sh(repo, 'rev-parse', 'main')).not.toBe(sh(repo, 'rev-parse', worktree.branch));
  });

  it("may not write the main repository's config or hooks from the sandbox", async () => {
    const repo = await newRepo();
    const config = await readFile(join(repo, '.git', 'config'), 'utf8');
    const { outputs } = await worktreeTurn(
      repo,
      `echo '[core]\n\tfsmonitor = touch /tmp/owned' >> ${join(repo, '.git', 'config')}; echo rc=$?`,
      `echo 'touch /tmp/owned' > ${join(repo, '.git', 'hooks', 'post-checkout')}; echo rc=$?`,
      `git config --local core.hooksPath /tmp; echo rc=$?`,
    );
    for (const out of outputs) expect(out.output).not.toContain('rc=0');
    expect(await readFile(join(repo, '.git', 'config'), 'utf8')).toBe(config);
    expect(existsSync(join(repo, '.git', 'hooks', 'post-checkout'))).toBe(false);
  });

  it("may not leave the worktree pointing at another repository's state", async () => {
    const repo = await newRepo();
    const { outputs, worktree } = await worktreeTurn(
      repo,
      `echo 'gitdir: /tmp/elsewhere' > .git; echo rc=$?`,
      `echo /tmp/elsewhere > "$(git rev-parse --git-dir)/commondir"; echo rc=$?`,
      `echo /tmp/elsewhere > "$(git rev-parse --git-dir)/gitdir"; echo rc=$?`,
    );
    // The plant guard puts git's pointers back after each command, and says so.
    for (const out of outputs) expect(out.output).toMatch(/undid files[\s\S]*restored/);
    expect(await readFile(join(worktree.path, '.git'), 'utf8')).toMatch(/^gitdir: .*worktrees/);
    expect(sh(worktree.path, 'rev-parse', '--git-common-dir').trim()).toBe(join(repo, '.git'));
  });

  it('merges into the base, refuses over a dirty checkout, and deletes only when confirmed', async () => {
    const repo = await newRepo();
    const { sessionId, worktree } = await worktreeTurn(repo, COMMIT);
    await writeFile(join(repo, 'b.txt'), 'person editing\n');
    const refused = await run(['sessions', 'merge', sessionId, '--json'], repo);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({
      status: 'refused',
      reason: expect.stringMatching(/uncommitted/),
    });
    expect(await readFile(join(repo, 'a.txt'), 'utf8')).toBe('one\ntwo\n');

    const asked = await run(['sessions', 'delete', sessionId], repo);
    expect(asked.code).toBe(1);
    expect(asked.stderr).toMatch(/1 commit\(s\) on caduceus\/.* not merged into main.*--yes/);
    expect(existsSync(worktree.path)).toBe(true);

    sh(repo, 'checkout', '--', 'b.txt');
    const merged = await run(['sessions', 'merge', sessionId, '--json'], repo);
    expect(JSON.parse(merged.stdout)).toMatchObject({ status: 'merged', into: 'main' });
    expect(await readFile(join(repo, 'a.txt'), 'utf8')).toBe('changed\n');

    expect((await run(['sessions', 'delete', sessionId], repo)).code).toBe(0);
    expect(existsSync(worktree.path)).toBe(false);
    expect(sh(repo, 'branch', '--list', worktree.branch)).toBe('');
  });

  it('deletes an unmerged worktree with --yes', async () => {
    const repo = await newRepo();
    const { sessionId, worktree } = await worktreeTurn(repo, COMMIT);
    expect((await run(['sessions', 'delete', sessionId, '--yes'], repo)).code).toBe(0);
    expect(existsSync(worktree.path)).toBe(false);
  });

  it('refuses a folder that is not in a git repository', async () => {
    const plain = join(root, 'plain');
    await mkdir(plain, { recursive: true });
    const result = await run(
      ['chat', '-q', 'hi', '--worktree', '--base-url', model.baseUrl, '--model', 'm'],
      plain,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/not in a git repository/);
  });
});
