import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../src-shared/approvalsLedger';
import { ScriptedModel } from '../agent/testing/scriptedModel';
import { main } from './main';
import { memoryIo } from './testing';

// `caduceus chat` without -q and without a terminal: one prompt per line of stdin, slash commands included.

let root: string;
let home: string;
let workspace: string;
let model: ScriptedModel;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'caduceus-piped-'));
  home = join(root, 'home');
  workspace = join(root, 'ws');
  for (const dir of [home, workspace, join(workspace, 'a'), join(workspace, 'b')]) await mkdir(dir);
  model = await ScriptedModel.start();
});
afterAll(async () => {
  await model.close();
  await rm(root, { recursive: true, force: true });
});

async function run(argv: string[], input?: string) {
  const m = memoryIo({ CADUCEUS_HOME: home, HOME: join(root, 'user-home') }, workspace);
  if (input !== undefined) (m.io.stdin as PassThrough).end(input);
  const code = await main(argv, m.io);
  return { code, stdout: m.stdout(), stderr: m.stderr() };
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );
const users = (i: number) =>
  (model.requests[i]?.body.messages ?? []).filter((m) => m.role === 'user').map((m) => m.content);

describe('caduceus chat with prompts on stdin', () => {
  it('runs a turn per line in one session; /approvals, /toolsets, /new and /model act on the next turns', async () => {
    const rmA = `rm -r ${join(workspace, 'a')}`;
    const rmB = `rm -r ${join(workspace, 'b')}`;
    model.push(
      { toolCalls: [{ name: 'terminal', arguments: { command: rmA } }] },
      { text: 'one' },
      { toolCalls: [{ name: 'terminal', arguments: { command: rmB } }] },
      { text: 'two' },
      { text: 'three' },
      { text: 'four' },
    );
    const input = [
      'first',
      '/approvals allow',
      'second',
      '/help',
      '/aprovals',
      '/toolsets nope',
      '/toolsets todo,memory',
      'third',
      '/new',
      '/model other-model',
      'fourth',
      '',
    ].join('\n');
    const { code, stdout, stderr } = await run(
      ['chat', '--base-url', model.baseUrl, '--model', 'scripted-model'],
      input,
    );
    expect(code, stderr).toBe(0);
    expect(stdout).toBe('one\ntwo\nthree\nfour\n');

    // Nobody to ask without a terminal: refused as unattended, until /approvals allow.
    expect(await exists(join(workspace, 'a'))).toBe(true);
    expect(await exists(join(workspace, 'b'))).toBe(false);
    const { stdout: log } = await run(['approvals', 'log', '--json']);
    const rows = (JSON.parse(log) as LedgerEntry[]).filter((r) => r.subjectKind === 'command');
    expect(rows.map((r) => [r.subject, r.allowed, r.decidedBy])).toEqual([
      [rmB, true, 'unattended'],
      [rmA, false, 'unattended'],
    ]);

    expect(stderr).toMatch(/\/model \[NAME\] +show the model/);
    expect(stderr).toContain('approvals: allow');
    expect(stderr).toContain('unknown command /aprovals. Did you mean /approvals?');
    expect(stderr).toMatch(/unknown toolset "nope"; known: .*terminal/);
    expect(stderr).toContain('toolsets: todo, memory');
    expect(model.toolNames(4).sort()).toEqual(['memory', 'todo']);
    expect(users(4)).toEqual(['first', 'second', 'third']);

    const ids = [...stderr.matchAll(/session: (\S+)/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
    expect(users(5)).toEqual(['fourth']);
    expect(model.requests[5]?.body.model).toBe('other-model');
  }, 120_000);

  it('exits with the last turn status, and --session resumes the conversation', async () => {
    model.reset();
    model.push({ text: 'hello' }, { status: 401, message: 'bad key' });
    const first = await run(['chat', '--base-url', model.baseUrl, '--model', 'm'], 'hi\n/exit\nnever sent\n');
    expect(first.code).toBe(0);
    expect(model.requests).toHaveLength(1);
    const id = /session: (\S+)/.exec(first.stderr)?.[1] ?? '';
    const second = await run(
      ['chat', '--session', id, '--base-url', model.baseUrl, '--model', 'm'],
      'again\n',
    );
    expect(second.code).toBe(1);
    expect(users(1)).toEqual(['hi', 'again']);
  }, 120_000);
});
