import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedModel } from '../agent/testing/scriptedModel';
import { main } from './main';
import { memoryIo } from './testing';

// The file tools under `caduceus chat --approvals deny`, with the workspace in the temp folder and
// elsewhere: the workspace's own files are written, files outside it and files that run code
// later (git hooks and config, direnv, editor tasks) are not, wherever the workspace is.

/** A folder outside the temp folder: the home folder, else the one the tests run in. */
function notTemp(): string {
  const temp = tmpdir();
  const candidate = [homedir(), process.cwd()].find((dir) => relative(temp, dir).startsWith('..'));
  if (!candidate) throw new Error('no folder outside the temp folder to test in');
  return candidate;
}

type Call = { name: string; arguments: Record<string, unknown> };
const write = (path: string, content = 'x'): Call => ({ name: 'write_file', arguments: { path, content } });
const patch = (path: string, oldString: string, newString: string): Call => ({
  name: 'patch',
  arguments: { path, old_string: oldString, new_string: newString },
});

interface StoredCall {
  name: string;
  args: string;
  ok: boolean;
  refusal: { kind: string; reasons: string[] } | null;
}

let model: ScriptedModel;
beforeAll(async () => {
  model = await ScriptedModel.start();
});
afterAll(() => model.close());

describe.each([
  ['under the temp folder', tmpdir],
  ['outside the temp folder', notTemp],
])('caduceus chat file writes with the workspace %s', (_where, base) => {
  let root: string;
  let home: string;
  let project: string;
  let outside: string;
  let shared: string;
  beforeAll(async () => {
    root = await realpath(await mkdtemp(join(base(), '.caduceus-file-writes-')));
    home = join(root, 'caduceus-home');
    project = join(root, 'project');
    outside = join(root, 'outside');
    shared = join(root, 'shared');
    for (const dir of [home, project, outside, shared]) await mkdir(dir);
    await writeFile(join(home, 'config.yaml'), `sandbox:\n  writable_roots: [${JSON.stringify(shared)}]\n`);
    await symlink(project, join(root, 'project-link'));
    execFileSync('git', ['init', '-q', project]);
    execFileSync('git', ['init', '-q', join(project, 'sub')]);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  /** One call per model turn under --approvals deny; the calls as the session stored them. */
  async function chat(cwd: string, calls: Call[], ...extra: string[]): Promise<StoredCall[]> {
    model.reset();
    model.push(...calls.map((call) => ({ toolCalls: [call] })), { text: 'done' });
    const m = memoryIo({ ...process.env, CADUCEUS_HOME: home }, cwd);
    const argv = ['chat', '-q', 'go', '--json', '--approvals', 'deny', '--base-url', model.baseUrl];
    const code = await main([...argv, '--model', 'm', ...extra], m.io);
    expect(code, m.stderr()).toBe(0);
    return (JSON.parse(m.stdout()) as { tool_calls: StoredCall[] }).tool_calls;
  }

  it.each([
    ['started in the workspace', () => ({ cwd: project, extra: [] })],
    ['given --workspace', () => ({ cwd: root, extra: ['--workspace', project] })],
  ])('writes absolute paths inside the workspace and refuses one outside, %s', async (label, how) => {
    const { cwd, extra } = how();
    const name = label.replace(/\W+/g, '-');
    const inside = join(project, 'src', `${name}.txt`);
    const away = join(outside, `${name}.txt`);
    const scripted = join(project, `${name}.py.txt`);
    const code = `open(${JSON.stringify(scripted)}, 'w').write('ok')`;
    const calls = await chat(
      cwd,
      [
        write(inside, 'one'),
        patch(inside, 'one', 'two'),
        write(away),
        patch(inside, 'two', 'three'),
        // The same judgement for a script that names a path in the workspace.
        { name: 'execute_code', arguments: { language: 'python', code } },
      ],
      ...extra,
    );
    expect(calls.map((c) => c.ok)).toEqual([true, true, false, true, true]);
    expect(await readFile(inside, 'utf8')).toBe('three');
    expect(existsSync(away)).toBe(false);
    expect(await readFile(scripted, 'utf8')).toBe('ok');
  });

  it('writes the folder caduceus call runs in, which is its workspace', async () => {
    const inside = join(project, 'called.txt');
    const m = memoryIo({ ...process.env, CADUCEUS_HOME: home }, project);
    const args = JSON.stringify({ path: inside, content: 'called' });
    const code = await main(['call', 'write_file', '--args', args], m.io);
    expect(code, m.stdout()).toBe(0);
    expect(await readFile(inside, 'utf8')).toBe('called');
  });

  it('writes sandbox.writable_roots and a workspace reached through a symlink', async () => {
    const link = join(root, 'project-link');
    const calls = await chat(link, [
      write(join(shared, 'cache.txt'), 'one'),
      write(join(link, 'linked.txt'), 'one'),
      patch(join(link, 'linked.txt'), 'one', 'two'),
    ]);
    expect(calls.map((c) => c.ok)).toEqual([true, true, true]);
    expect(await readFile(join(shared, 'cache.txt'), 'utf8')).toBe('one');
    expect(await readFile(join(project, 'linked.txt'), 'utf8')).toBe('two');
  });

  it('asks before writing a file that runs code later, so --approvals deny refuses each', async () => {
    const config = join(project, '.git/config');
    const configBefore = await readFile(config, 'utf8');
    const planted = [
      join(project, '.git/hooks/pre-commit'),
      join(project, '.envrc'),
      join(project, '.vscode/tasks.json'),
      join(project, '.git/commondir'),
      join(project, '.git/config.worktree'),
      join(project, 'sub/.git/hooks/post-checkout'),
      join(project, '.claude/commands/setup.md'),
      join(project, '.zshenv'),
      join(project, 'lib/.envrc'),
    ];
    // Links in the workspace that lead into .git: the write lands where they point.
    const sample = join(project, '.git/hooks/post-update.sample');
    const sampleBefore = await readFile(sample, 'utf8');
    await symlink(sample, join(project, 'notes-link.txt'));
    await symlink(join(project, '.git'), join(project, 'meta'));
    const calls = await chat(project, [
      ...planted.map((path) => write(path, '#!/bin/sh\ntouch pwned\n')),
      write(join(project, 'notes-link.txt'), '#!/bin/sh\ntouch pwned\n'),
      write(join(project, 'meta/config'), '[core]\n\tfsmonitor = touch pwned\n'),
      patch(config, '[core]', '[core]\n\tfsmonitor = touch pwned'),
      // A file that runs nothing is still written.
      write(join(project, 'notes.md'), 'fine'),
    ]);
    for (const call of calls.slice(0, -1)) {
      expect(call.ok, call.args).toBe(false);
      // A question refused (not a hard block), naming why it was asked.
      expect(call.refusal?.kind, call.args).toBe('denied');
      expect(call.refusal?.reasons.join(' '), call.args).toMatch(/runs? code later/i);
    }
    expect(calls.at(-1)?.ok).toBe(true);
    for (const path of planted) expect(existsSync(path), path).toBe(false);
    expect(existsSync(join(project, '.vscode'))).toBe(false);
    expect(await readFile(config, 'utf8')).toBe(configBefore);
    expect(await readFile(sample, 'utf8')).toBe(sampleBefore);
    expect(existsSync(join(project, 'pwned'))).toBe(false);
  });
});
