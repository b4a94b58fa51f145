import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedModel } from '../agent/testing/scriptedModel';
import { main } from './main';
import { memoryIo } from './testing';

// The file tools under `caduceus chat --approvals deny`, with the workspace in the temp folder and
// elsewhere: the workspace's own files are written, files outside it are not.

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
  beforeAll(async () => {
    root = await realpath(await mkdtemp(join(base(), '.caduceus-file-writes-')));
    home = join(root, 'caduceus-home');
    project = join(root, 'project');
    outside = join(root, 'outside');
    for (const dir of [home, project, outside]) await mkdir(dir);
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
});
