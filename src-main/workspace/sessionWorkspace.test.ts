import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scriptedModelConfig } from '../agent/testing/harness';
import { scriptedTurn, terminalOutput as output } from '../agent/testing/scriptedTurn';
import { ScriptedModel, type ScriptedToolCall } from '../agent/testing/scriptedModel';
import { scriptedApprover } from '../approval/testing/gateFakes';
import type { GateQuestion, Approver, ApproverAnswer } from '../approval/gate';
import { createMemoryLogger } from '../runtime/logger';
import { createAppRoot, type AppRoot, type AppRootOptions } from '../appRoot';

// Sessions work in their own folders: terminal, file tools and delegated children all start there.
let root: string;
let home: string;
let wsA: string;
let wsB: string;
let model: ScriptedModel;
let app: AppRoot | undefined;

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'caduceus-workspaces-')));
  home = join(root, 'home');
  wsA = join(root, 'ws-a');
  wsB = join(root, 'ws-b');
  for (const dir of [home, wsA, wsB, join(root, 'started-here')]) await mkdir(dir, { recursive: true });
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

async function start({
  answers = [],
  ...options
}: Partial<AppRootOptions> & { answers?: ApproverAnswer[] } = {}) {
  const approver = scriptedApprover(...answers);
  app = await createAppRoot({
    home,
    cwd: join(root, 'started-here'),
    env: { ...process.env, CADUCEUS_HOME: home },
    logger: createMemoryLogger(),
    connectMcp: false,
    ...options,
    approver: options.approver ?? approver,
  });
  return { app, approver };
}

/** One turn in which the model makes these calls; returns each call's result. */
const turn = (s: AppRoot, calls: ScriptedToolCall[], session: { workspace?: string; sessionId?: string }) =>
  scriptedTurn(s.agent, model, calls, session);

const pwd = (): ScriptedToolCall => ({ name: 'terminal', arguments: { command: 'pwd' } });

describe('session workspaces', () => {
  it('starts each session in its own workspace: terminal, relative file paths and execute_code', async () => {
    const { app: s } = await start();
    const a = await turn(
      s,
      [
        pwd(),
        { name: 'write_file', arguments: { path: 'notes/a.txt', content: 'from A' } },
        { name: 'execute_code', arguments: { language: 'python', code: 'import os; print(os.getcwd())' } },
      ],
      { workspace: wsA },
    );
    expect(output(a.results[0])).toBe(wsA);
    expect(a.results[1]).toMatchObject({ path: join(wsA, 'notes/a.txt'), created: true });
    expect(await readFile(join(wsA, 'notes/a.txt'), 'utf8')).toBe('from A');
    expect(output(a.results[2])).toBe(wsA);

    const b = await turn(s, [pwd(), { name: 'read_file', arguments: { path: 'notes/a.txt' } }], {
      workspace: wsB,
    });
    expect(output(b.results[0])).toBe(wsB);
    expect(b.results[1]?.error).toMatch(/not found|does not exist|no such/i);
    expect(s.agent.sessions.getSession(a.sessionId)?.workspace).toBe(wsA);
    expect(s.agent.sessions.getSession(b.sessionId)?.workspace).toBe(wsB);

    // A resumed session keeps its workspace and its `cd`s inside it.
    await mkdir(join(wsA, 'sub'), { recursive: true });
    await turn(s, [{ name: 'terminal', arguments: { command: 'cd sub' } }], { sessionId: a.sessionId });
    const again = await turn(s, [pwd()], { sessionId: a.sessionId });
    expect(output(again.results[0])).toBe(join(wsA, 'sub'));
    expect(() =>
      s.agent.createAgent({
        model: scriptedModelConfig(model.baseUrl),
        sessionId: a.sessionId,
        workspace: wsB,
      }),
    ).toThrow(/works in .*ws-a/);
  });

  it('opens a user shell of a session in its workspace', async () => {
    // A plain sh: the shell pane would otherwise read this machine's own start-up files.
    await writeFile(join(home, 'config.yaml'), 'terminal:\n  env: { SHELL: /bin/sh }\n');
    const seen: { streamId: string; data: string }[] = [];
    const waiters: (() => void)[] = [];
    /** Resolves once `check` holds, re-checked on every chunk of output. */
    const until = (check: () => boolean) =>
      new Promise<void>((resolve) => {
        const test = () => (check() ? (resolve(), true) : false);
        if (!test()) waiters.push(() => void test());
      });
    const { app: s } = await start({
      onTerminalEvent: (event) => {
        if (event.type === 'exit') return;
        seen.push({ streamId: event.streamId, data: event.data });
        app?.terminals.current.ack(event.streamId, event.data.length);
        for (const wake of waiters) wake();
      },
    });
    const a = await turn(s, [pwd()], { workspace: wsA });
    const shell = await s.terminals.current.openUserShell({ taskId: a.sessionId, cols: 80, rows: 24 });
    const shellText = () =>
      seen
        .filter((c) => c.streamId === shell.streamId)
        .map((c) => c.data)
        .join('');
    // An interactive shell may drop typeahead while it starts: type after its first prompt.
    await until(() => shellText().length > 0);
    shell.write('printf "%s|\\n" "$PWD"; exit\n');
    await shell.exited;
    expect(shellText()).toContain(`${wsA}|`);
    await rm(join(home, 'config.yaml'));
  });

  it('shares the workspace with delegated children', async () => {
    const { app: s } = await start();
    model.fallback = (r) => {
      const system = r.body.messages[0]?.content ?? '';
      const answered = r.body.messages.at(-1)?.role === 'tool';
      if (system.includes('## Task\nwrite it')) {
        return answered
          ? { text: 'child done' }
          : {
              toolCalls: [
                pwd(),
                { name: 'write_file', arguments: { path: 'child.txt', content: 'from the child' } },
              ],
            };
      }
      return answered
        ? { text: 'parent done' }
        : { toolCalls: [{ name: 'delegate_task', arguments: { tasks: [{ goal: 'write it' }] } }] };
    };
    const parent = s.agent.createAgent({ model: scriptedModelConfig(model.baseUrl), workspace: wsA });
    const result = await parent.runTurn('delegate');
    await parent.close();
    expect(result.status).toBe('completed');
    expect(await readFile(join(wsA, 'child.txt'), 'utf8')).toBe('from the child');
    const [child] = s.agent.sessions.childSessions(result.sessionId);
    expect(child?.workspace).toBe(wsA);
    const childPwd = s.agent.sessions.toolCalls(child?.id ?? '').find((c) => c.name === 'terminal');
    expect(output(JSON.parse(childPwd?.result ?? '{}') as Record<string, unknown>)).toBe(wsA);
  });
});

describe('write roots of the file tools', () => {
  it('asks before a write outside the workspace, and writes only on a yes', async () => {
    const outside = join(root, 'outside');
    const { app: s, approver } = await start({ answers: ['deny', 'once'] });
    const first = await turn(
      s,
      [{ name: 'write_file', arguments: { path: join(outside, 'x.txt'), content: 'no' } }],
      {
        workspace: wsA,
      },
    );
    expect(first.results[0]).toMatchObject({ approval: 'denied' });
    expect(existsSync(join(outside, 'x.txt'))).toBe(false);
    expect(approver.requests[0]?.verdict.keys).toContain('write-outside-workspace');

    const second = await turn(
      s,
      [{ name: 'write_file', arguments: { path: join(outside, 'x.txt'), content: 'yes' } }],
      { sessionId: first.sessionId },
    );
    expect(second.results[0]).toMatchObject({ created: true });
    expect(await readFile(join(outside, 'x.txt'), 'utf8')).toBe('yes');

    // Inside the workspace and its temp folder nobody is asked.
    await turn(
      s,
      [
        { name: 'write_file', arguments: { path: 'inside.txt', content: 'ok' } },
        {
          name: 'write_file',
          arguments: { path: join(s.workspaces.tempDirOf(first.sessionId), 't.txt'), content: 'ok' },
        },
      ],
      { sessionId: first.sessionId },
    );
    expect(approver.requests).toHaveLength(2);
    expect(await readFile(join(wsA, 'inside.txt'), 'utf8')).toBe('ok');
  });

  it('denies a write outside the workspace under --approvals deny, and follows symlinks out', async () => {
    const { app: s } = await start({ approvals: 'deny' });
    const outside = join(root, 'outside-deny');
    await mkdir(outside, { recursive: true });
    const { symlink } = await import('node:fs/promises');
    await symlink(outside, join(wsB, 'escape'));
    const { results } = await turn(
      s,
      [
        { name: 'write_file', arguments: { path: join(outside, 'y.txt'), content: 'no' } },
        { name: 'write_file', arguments: { path: 'escape/z.txt', content: 'no' } },
        { name: 'write_file', arguments: { path: 'fine.txt', content: 'yes' } },
      ],
      { workspace: wsB },
    );
    expect(results[0]).toMatchObject({ approval: 'denied' });
    expect(results[1]).toMatchObject({ approval: 'denied' });
    expect(existsSync(join(outside, 'y.txt'))).toBe(false);
    expect(existsSync(join(outside, 'z.txt'))).toBe(false);
    expect(results[2]).toMatchObject({ created: true });
  });

  it('lets sandbox.writable_roots be written, but never $CADUCEUS_HOME without a person', async () => {
    const extra = join(root, 'extra-root');
    await writeFile(join(home, 'config.yaml'), `sandbox:\n  writable_roots: [${JSON.stringify(extra)}]\n`);
    // Even a workspace that contains $CADUCEUS_HOME does not make it writable. Writes on distinct
    // paths may run at once, so the answer depends on the file, not on the order of the prompts.
    const asked: GateQuestion[] = [];
    const approver: Approver = {
      request: async (req) => {
        asked.push(req);
        return req.command.includes('a.md') ? 'always' : 'deny';
      },
    };
    const { app: s } = await start({ approver });
    const { results } = await turn(
      s,
      [
        { name: 'write_file', arguments: { path: join(extra, 'e.txt'), content: 'ok' } },
        { name: 'write_file', arguments: { path: join(home, 'skills', 'a.md'), content: 'asked' } },
        { name: 'write_file', arguments: { path: join(home, 'skills', 'b.md'), content: 'asked again' } },
      ],
      { workspace: root },
    );
    expect(results[0]).toMatchObject({ created: true });
    expect(results[1]).toMatchObject({ created: true });
    expect(results[2]).toMatchObject({ approval: 'denied' });
    expect(asked.map((r) => r.verdict.keys)).toEqual([['caduceus-home-write'], ['caduceus-home-write']]);
    expect(s.config.command_allowlist).toEqual([]);
    await rm(join(home, 'config.yaml'));
  });

  it('asks every time before writing a file that runs code later, and writes it only on a yes', async () => {
    const { app: s, approver } = await start({ answers: ['always', 'deny'] });
    const hook = join(wsA, '.git/hooks/pre-commit');
    const write = (path: string, content: string) => ({ name: 'write_file', arguments: { path, content } });
    const first = await turn(s, [write(hook, '#!/bin/sh\nmake lint\n')], { workspace: wsA });
    expect(first.results[0]).toMatchObject({ created: true });
    expect(await readFile(hook, 'utf8')).toBe('#!/bin/sh\nmake lint\n');
    // "Always" stored nothing: the next such file is asked about again.
    const second = await turn(s, [write('.envrc', 'use nix')], { sessionId: first.sessionId });
    expect(second.results[0]).toMatchObject({ approval: 'denied' });
    expect(existsSync(join(wsA, '.envrc'))).toBe(false);
    // The file tools' own finding, beside the persistence rule that reads the same write as `tee`.
    expect(approver.requests.map((r) => r.verdict.keys)).toEqual([
      ['git-hook-write', 'runs-code-later-write'],
      ['envrc-write', 'runs-code-later-write'],
    ]);
    expect(s.config.command_allowlist).toEqual([]);
  });
});
