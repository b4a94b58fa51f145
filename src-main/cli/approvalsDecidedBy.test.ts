import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../src-shared/approvalsLedger';
import { ScriptedModel } from '../agent/testing/scriptedModel';
import { main } from './main';
import { memoryIo } from './testing';

// Who decided is recorded as it was: under `--approvals deny` nobody is asked, so no row says a
// person answered, neither the gate's nor the sandbox's run-outside question.

let root: string;
let home: string;
let workspace: string;
let outside: string;
let model: ScriptedModel;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'caduceus-decided-by-'));
  home = join(root, 'home');
  workspace = join(root, 'ws');
  outside = join(root, 'outside');
  for (const dir of [home, workspace, outside]) await mkdir(dir);
  await writeFile(join(outside, 'keep.txt'), 'keep');
  model = await ScriptedModel.start();
});
afterAll(async () => {
  await model.close();
  await rm(root, { recursive: true, force: true });
});

async function run(argv: string[]) {
  const m = memoryIo({ CADUCEUS_HOME: home, HOME: join(root, 'user-home') }, workspace);
  const code = await main(argv, m.io);
  return { code, stdout: m.stdout(), stderr: m.stderr() };
}

const log = async (...filter: string[]) =>
  JSON.parse((await run(['approvals', 'log', '--json', ...filter])).stdout) as LedgerEntry[];

describe('caduceus chat --approvals deny, in the approvals log', () => {
  it('records every refusal as decided without a person, never as "human"', async () => {
    const gated = `rm -r ${join(outside, 'keep.txt')}`;
    // The gate's reading sees no write here; the sandbox refuses it and asks to run it outside.
    const sandboxed = `touch ${join(outside, 'new.txt')}`;
    model.reset();
    model.push(
      { toolCalls: [{ name: 'terminal', arguments: { command: gated } }] },
      { toolCalls: [{ name: 'terminal', arguments: { command: sandboxed } }] },
      { text: 'done' },
    );
    const chat = await run([
      'chat',
      '-q',
      'go',
      '--approvals',
      'deny',
      '--base-url',
      model.baseUrl,
      '--model',
      'm',
    ]);
    expect(chat.code, chat.stderr).toBe(0);

    const rows = await log();
    const refused = rows.filter((r) => !r.allowed);
    expect(refused.map((r) => [r.subjectKind, r.subject, r.decidedBy])).toEqual([
      ['sandbox-escalation', sandboxed, 'unattended'],
      ['command', gated, 'unattended'],
    ]);
    expect(await log('--decided-by', 'human')).toEqual([]);
    expect((await log('--decided-by', 'unattended')).map((r) => r.subject)).toEqual([sandboxed, gated]);
  }, 120_000);
});
