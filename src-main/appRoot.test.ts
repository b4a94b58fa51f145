import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from './runtime/logger';
import { createAppRoot, type AppRoot } from './appRoot';

// Every path that runs a command goes through the real gate, whatever tool it takes.
let root: string;
let home: string;
let work: string;
let app: AppRoot;
const ctx = { sessionId: 's1', taskId: 'task-1', toolCallId: 'call-1' };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'caduceus-gate-paths-'));
  home = join(root, 'home');
  work = join(root, 'work');
  await mkdir(home, { recursive: true });
  await mkdir(work, { recursive: true });
  await writeFile(join(home, 'config.yaml'), `terminal:\n  local:\n    cwd: ${JSON.stringify(work)}\n`);
  app = await createAppRoot({
    home,
    cwd: work,
    env: { ...process.env, CADUCEUS_HOME: home },
    logger: createMemoryLogger(),
    connectMcp: false,
    approvals: 'deny',
  });
});
afterAll(async () => {
  await app.shutdown();
  await rm(root, { recursive: true, force: true });
});

const call = (tool: string, args: Record<string, unknown>) =>
  app.runtime.handleFunctionCall(tool, args, ctx).then((o) => o.text);

describe('the composition root of the CLI', () => {
  it('is frozen, and gives tools everything but a scheduler (the CLI runs none)', () => {
    expect(Object.isFrozen(app)).toBe(true);
    expect(Object.isFrozen(app.toolServices)).toBe(true);
    expect(() => Object.assign(app, { gate: undefined })).toThrow(TypeError);
    // Vision is there only when a model is configured, which this home has not.
    const { cron, vision, ...given } = app.toolServices;
    expect(cron).toBeUndefined();
    expect(vision).toBeUndefined();
    expect(Object.entries(given).filter(([, value]) => value === undefined)).toEqual([]);
  });
});

describe('the approval gate on every command path', () => {
  it('lets a safe command run', async () => {
    const result = JSON.parse(await call('terminal', { command: 'echo ok-$((40+2))' }));
    expect(result.output).toContain('ok-42');
  });

  it('denies a dangerous foreground command, and nothing runs', async () => {
    await mkdir(join(work, 'keep'), { recursive: true });
    const result = JSON.parse(await call('terminal', { command: `rm -rf ${join(work, 'keep')}` }));
    expect(result.approval).toBe('denied');
    expect(result.error).toMatch(/not consent|did not approve|denied/i);
    expect(existsSync(join(work, 'keep'))).toBe(true);
  });

  it('denies a dangerous background command, and nothing starts', async () => {
    await mkdir(join(work, 'bg'), { recursive: true });
    const result = JSON.parse(
      await call('terminal', { command: `sleep 0.1; rm -rf ${join(work, 'bg')}`, background: true }),
    );
    expect(result.approval).toBe('denied');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(join(work, 'bg'))).toBe(true);
    expect(app.terminals.current.processes.list({ taskId: ctx.taskId })).toEqual([]);
  });

  it('blocks hardline commands even when prompts would be allowed', async () => {
    const result = JSON.parse(await call('terminal', { command: 'r""m -rf ~' }));
    expect(result.approval).toBe('blocked');
  });

  it('stops the agent from editing its own approval settings', async () => {
    const before = await readFile(join(home, 'config.yaml'), 'utf8');
    const viaFile = JSON.parse(
      await call('write_file', { path: join(home, 'config.yaml'), content: 'approvals:\n  mode: off\n' }),
    );
    expect(viaFile.approval).toBeDefined();
    const viaShell = JSON.parse(
      await call('terminal', { command: `echo 'approvals: {mode: off}' > ${join(home, 'config.yaml')}` }),
    );
    expect(viaShell.approval).toBeDefined();
    expect(await readFile(join(home, 'config.yaml'), 'utf8')).toBe(before);
  });

  it('names the real config home, not ~/.caduceus, in what it tells the model', async () => {
    for (const command of [
      'sed -i s/manual/off/ $CADUCEUS_HOME/config.yaml',
      'echo "approvals: {mode: off}" >> "${CADUCEUS_HOME}/config.yaml"',
    ]) {
      const text = await call('terminal', { command });
      expect(text, command).toContain(`${home}/config.yaml`);
      expect(text, command).not.toContain('~/.caduceus');
    }
  });

  it('gates terminal calls made from inside execute_code', async () => {
    await mkdir(join(work, 'script-target'), { recursive: true });
    const script = [
      'import json',
      `out = tools.terminal(command="rm -rf ${join(work, 'script-target')}")`,
      'print(out)',
    ].join('\n');
    const result = await call('execute_code', { language: 'python', code: script });
    expect(result).toMatch(/approval/);
    expect(existsSync(join(work, 'script-target'))).toBe(true);
  });

  it('keeps scripts to the tools their session was offered', async () => {
    const script = 'print(tools.terminal(command="echo should-not-run"))';
    const result = (
      await app.runtime.handleFunctionCall(
        'execute_code',
        { language: 'python', code: script },
        { ...ctx, offeredTools: new Set(['execute_code', 'read_file']) },
      )
    ).text;
    expect(result).toContain('not available in this session');
    expect(result).not.toContain('should-not-run\n');
  });
});
