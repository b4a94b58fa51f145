import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ScriptedModel } from '../agent/testing/scriptedModel';
import { main } from './main';
import { memoryIo } from './testing';

let root: string;
let home: string;
let project: string;
let model: ScriptedModel;
beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'caduceus-chat-ws-')));
  home = join(root, 'home');
  project = join(root, 'project');
  await mkdir(home, { recursive: true });
  await mkdir(project, { recursive: true });
  await writeFile(join(root, 'a-file'), 'not a folder');
  model = await ScriptedModel.start();
});
afterAll(async () => {
  await model.close();
  await rm(root, { recursive: true, force: true });
});
beforeEach(() => model.reset());

async function run(argv: string[], cwd = root) {
  const m = memoryIo({ ...process.env, CADUCEUS_HOME: home }, cwd);
  const code = await main(argv, m.io);
  return { code, stdout: m.stdout(), stderr: m.stderr() };
}

const chat = (query: string, ...extra: string[]) =>
  run(['chat', '-q', query, '--json', '--base-url', model.baseUrl, '--model', 'scripted-model', ...extra]);

/** The terminal's `pwd` in a one-turn chat, and the session it ran in. */
async function pwdIn(...extra: string[]) {
  model.push({ toolCalls: [{ name: 'terminal', arguments: { command: 'pwd' } }] }, { text: 'ok' });
  const result = await chat('where are you?', ...extra);
  const transcript = JSON.parse(result.stdout) as { session_id: string; tool_calls: { result: string }[] };
  const output = (JSON.parse(transcript.tool_calls[0]?.result ?? '{}') as { output?: string }).output;
  return { sessionId: transcript.session_id, pwd: output?.trim() };
}

describe('caduceus chat --workspace', () => {
  it('works in --workspace, stores it with the session, and keeps it on resume', async () => {
    const first = await pwdIn('--workspace', project);
    expect(first.pwd).toBe(project);
    const list = await run(['sessions', 'list', '--json']);
    expect(JSON.parse(list.stdout)).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: first.sessionId, workspace: project })]),
    );
    // Resumed from another folder, the session stays in its own.
    const resumed = await pwdIn('--session', first.sessionId);
    expect(resumed).toEqual({ sessionId: first.sessionId, pwd: project });
    const moved = await chat('move', '--session', first.sessionId, '--workspace', root);
    expect(moved.code).toBe(1);
    expect(moved.stderr).toMatch(/works in .*project; it cannot move/);
  });

  it('defaults to the folder it was started in, and takes a relative --workspace from there', async () => {
    expect((await pwdIn()).pwd).toBe(root);
    expect((await pwdIn('--workspace', 'project')).pwd).toBe(project);
  });

  it('refuses a missing folder, a file and the filesystem root with a clear message', async () => {
    const missing = await chat('hi', '--workspace', join(root, 'nope'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      `caduceus: --workspace cannot be the workspace: There is no folder at ${join(root, 'nope')}.\n`,
    );
    const file = await chat('hi', '--workspace', join(root, 'a-file'));
    expect(file.stderr).toMatch(/a-file is not a folder/);
    expect((await chat('hi', '--workspace', '/')).stderr).toMatch(/filesystem root cannot be a workspace/);
    expect(model.requests).toHaveLength(0);
  });
});
