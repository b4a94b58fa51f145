import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedModel } from '../agent/testing/scriptedModel';
import { main } from './main';
import { memoryIo } from './testing';

// `caduceus chat` checkpoints each turn like the app, without a watcher; `checkpoints restore` undoes it.
let model: ScriptedModel;
let root: string;
let home: string;
let project: string;
beforeAll(async () => {
  model = await ScriptedModel.start();
  root = await realpath(await mkdtemp(join(tmpdir(), 'caduceus-chat-checkpoints-')));
  home = join(root, 'home');
  project = join(root, 'project');
  await mkdir(home);
  await mkdir(project);
  await writeFile(join(project, 'app.js'), 'export const answer = 41;\n');
});
afterAll(async () => {
  await model.close();
  await rm(root, { recursive: true, force: true });
});

async function run(args: string[]): Promise<string> {
  const m = memoryIo({ ...process.env, CADUCEUS_HOME: home }, project);
  const code = await main(args, m.io);
  expect(code, m.stderr()).toBe(0);
  return m.stdout();
}

describe('caduceus chat checkpoints', () => {
  it('takes one before and one after the turn, and restoring the first undoes it', async () => {
    model.push(
      {
        toolCalls: [{ name: 'patch', arguments: { path: 'app.js', old_string: '41', new_string: '42' } }],
      },
      { toolCalls: [{ name: 'write_file', arguments: { path: 'new.txt', content: 'new\n' } }] },
      { text: 'done' },
    );
    const out = await run([
      'chat',
      '-q',
      'go',
      '--json',
      '--approvals',
      'deny',
      '--base-url',
      model.baseUrl,
      '--model',
      'm',
    ]);
    const sessionId = (JSON.parse(out) as { session_id: string }).session_id;
    const listed = JSON.parse(await run(['checkpoints', 'list', '--session', sessionId, '--json'])) as {
      id: string;
      label?: string;
      files_changed: number;
    }[];
    expect(listed.map((c) => c.label)).toEqual(['after turn 1', 'before turn 1']);
    expect(listed[0]?.files_changed).toBe(2);
    await run(['checkpoints', 'restore', listed[1]?.id ?? '']);
    expect(await readFile(join(project, 'app.js'), 'utf8')).toBe('export const answer = 41;\n');
    await expect(readFile(join(project, 'new.txt'))).rejects.toThrow();
  });
});
