import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scriptedTurn, terminalOutput as output } from '../agent/testing/scriptedTurn';
import { ScriptedModel, type ScriptedToolCall } from '../agent/testing/scriptedModel';
import { denyApprover } from '../approval/asking';
import { createMemoryLogger } from '../runtime/logger';
import { createAppRoot, type AppRoot } from '../appRoot';

// A session has one temp folder: $TMPDIR of its (sandboxed) commands and the file tools' temp path.
let root: string;
let home: string;
let workspace: string;
let model: ScriptedModel;
let services: AppRoot | undefined;

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'caduceus-session-temp-')));
  home = join(root, 'home');
  workspace = join(root, 'ws');
  for (const dir of [home, workspace]) await mkdir(dir, { recursive: true });
  model = await ScriptedModel.start();
});
afterEach(async () => {
  await services?.shutdown();
  services = undefined;
  model.reset();
});
afterAll(async () => {
  await model.close();
  await rm(root, { recursive: true, force: true });
});

/** One turn in which the model makes these calls; returns each call's result. */
const turn = (s: AppRoot, calls: ScriptedToolCall[], session: { workspace?: string; sessionId?: string }) =>
  scriptedTurn(s.agent, model, calls, session);

const terminal = (command: string): ScriptedToolCall => ({ name: 'terminal', arguments: { command } });

describe('the session temp folder', () => {
  it('is the same folder for sandboxed commands ($TMPDIR) and the file tools, and goes when the session ends', async () => {
    services = await createAppRoot({
      home,
      cwd: workspace,
      env: { ...process.env, CADUCEUS_HOME: home },
      logger: createMemoryLogger(),
      connectMcp: false,
      approver: denyApprover,
    });
    const s = services;
    expect(s.terminals.current.sandbox?.status().effective).toBe('workspace-write');
    const first = await turn(s, [terminal('echo from-shell > "$TMPDIR/shell.txt" && printf %s "$TMPDIR"')], {
      workspace,
    });
    const temp = s.workspaces.tempDirOf(first.sessionId);
    expect(await realpath(output(first.results[0]))).toBe(await realpath(temp));
    expect(await readFile(join(temp, 'shell.txt'), 'utf8')).toBe('from-shell\n');

    // The other way round: what a file tool writes there, a sandboxed command reads at $TMPDIR.
    const second = await turn(
      s,
      [
        { name: 'write_file', arguments: { path: join(temp, 'tool.txt'), content: 'from-tool' } },
        terminal('cat "$TMPDIR/tool.txt"'),
      ],
      { sessionId: first.sessionId },
    );
    expect(second.results[0]).toMatchObject({ created: true });
    expect(output(second.results[1])).toBe('from-tool');

    await s.shutdown();
    services = undefined;
    expect(existsSync(temp)).toBe(false);
  });
});
