import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scriptedTurn } from '../agent/testing/scriptedTurn';
import { ScriptedModel } from '../agent/testing/scriptedModel';
import { createAppRoot, type AppRoot } from '../appRoot';
import type { ApproverAnswer } from '../approval/gate';
import { scriptedApprover } from '../approval/testing/gateFakes';
import { createMemoryLogger } from '../runtime/logger';

// A command whose reading already shows it writes outside the sandbox's write roots is asked
// about once, saying it will run outside the sandbox; a yes runs it there with no second question.

let root: string;
let home: string;
let workspace: string;
let model: ScriptedModel;
let app: AppRoot | undefined;

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'caduceus-ask-once-')));
  home = join(root, 'home');
  workspace = join(root, 'ws');
  for (const dir of [home, workspace]) await mkdir(dir);
  model = await ScriptedModel.start();
});
afterEach(async () => {
  await app?.shutdown();
  app = undefined;
  model.reset();
});
afterAll(async () => {
  await model.close();
  await rm(root, { recursive: true, force: true });
});

async function start(...answers: ApproverAnswer[]) {
  const approver = scriptedApprover(...answers);
  app = await createAppRoot({
    home,
    cwd: workspace,
    workspace,
    env: { ...process.env, CADUCEUS_HOME: home },
    logger: createMemoryLogger(),
    connectMcp: false,
    approver,
  });
  return { app, approver };
}

async function deleteOutside(answer: ApproverAnswer) {
  const victim = join(root, `victim-${answer}`);
  await mkdir(victim);
  await writeFile(join(victim, 'f.txt'), 'x');
  const { app: started, approver } = await start(answer, answer);
  const turn = await scriptedTurn(
    started.agent,
    model,
    [{ name: 'terminal', arguments: { command: `rm -r ${victim}` } }],
    { workspace },
  );
  return { victim, approver, result: turn.results[0] };
}

describe('a command the gate reads as writing outside the sandbox', () => {
  it('is asked about once, as a run outside the sandbox, and a yes runs it there', async () => {
    const { victim, approver, result } = await deleteOutside('once');
    expect(approver.requests).toHaveLength(1);
    expect(approver.requests[0]?.verdict.reasons).toContainEqual(
      expect.stringMatching(new RegExp(`^Runs outside the sandbox if allowed.*: ${victim}$`)),
    );
    expect(existsSync(victim)).toBe(false);
    expect(result?.exit_code).toBe(0);
  }, 60_000);

  it('runs nothing on a no, and asks nothing more', async () => {
    const { victim, approver } = await deleteOutside('deny');
    expect(approver.requests).toHaveLength(1);
    expect(existsSync(join(victim, 'f.txt'))).toBe(true);
  }, 60_000);

  it('still runs a write inside the workspace in the sandbox, with no word about leaving it', async () => {
    const build = join(workspace, 'src');
    await mkdir(build);
    const { app: started, approver } = await start('once');
    await scriptedTurn(started.agent, model, [{ name: 'terminal', arguments: { command: 'rm -r src' } }], {
      workspace,
    });
    expect(approver.requests).toHaveLength(1);
    expect(approver.requests[0]?.verdict.keys).toEqual(['rm-recursive']);
    expect(existsSync(build)).toBe(false);
  }, 60_000);

  it('asks once for an execute_code script that writes outside, too', async () => {
    const target = join(root, 'from-script.txt');
    const { app: started, approver } = await start('once', 'once');
    const code = `open(${JSON.stringify(target)}, 'w').write('ok')`;
    const turn = await scriptedTurn(
      started.agent,
      model,
      [{ name: 'execute_code', arguments: { language: 'python', code } }],
      { workspace },
    );
    expect(approver.requests).toHaveLength(1);
    expect(approver.requests[0]?.verdict.keys).toContain('outside-sandbox-write');
    expect(turn.results[0]?.exit_code).toBe(0);
    expect(await readFile(target, 'utf8')).toBe('ok');
  }, 60_000);
});
