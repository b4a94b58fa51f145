import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from './appCore';
import { MemorySecretStore } from './handlers/settings';
import { createMemoryLogger } from './runtime/logger';

let root: string;
let core: AppCore | undefined;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'caduceus-core-'));
  await mkdir(join(root, 'home'));
  await mkdir(join(root, 'a'));
  await mkdir(join(root, 'b'));
  await writeFile(
    join(root, 'home', 'config.yaml'),
    `terminal:\n  local:\n    cwd: ${JSON.stringify(join(root, 'a'))}\n`,
  );
  core = await createAppCore({
    home: join(root, 'home'),
    cwd: root,
    env: { ...process.env, CADUCEUS_HOME: join(root, 'home') },
    logger: createMemoryLogger(),
    mode: 'browser',
    version: 'test',
    secrets: new MemorySecretStore(),
  });
});
afterEach(async () => {
  await core?.shutdown();
  await rm(root, { recursive: true, force: true });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function startSleep(c: AppCore, taskId: string): Promise<number> {
  const started = await c.root.terminals.current.run({
    taskId,
    toolCallId: 'c',
    command: 'sleep 60',
    background: true,
  });
  if (started.status !== 'started' || started.pid === undefined) throw new Error('no background process');
  return started.pid;
}

describe('the terminal service across a Settings change', () => {
  it('ends the replaced service at once and the new one at shutdown', async () => {
    const c = core!;
    const first = c.root.terminals.current;
    const before = await startSleep(c, 'task-a');
    const reply = await c.invoke('settings.update', { terminal: { local: { cwd: join(root, 'b') } } });
    expect(reply.ok).toBe(true);
    expect(c.root.terminals.current).not.toBe(first);
    expect(c.root.toolServices.terminal).toBe(c.root.terminals.current);
    const after = await startSleep(c, 'task-b');
    await c.shutdown();
    core = undefined;
    expect(alive(before)).toBe(false);
    expect(alive(after)).toBe(false);
  });
});

describe('the composition root of a UI host', () => {
  it('is whole when built: the scheduler is there from the start and nothing can be assigned later', () => {
    const s = core!.root;
    expect(s.toolServices.cron).toBeDefined();
    expect(Object.isFrozen(s)).toBe(true);
    expect(Object.isFrozen(s.toolServices)).toBe(true);
    expect(() => Object.assign(s.toolServices, { cron: undefined })).toThrow(TypeError);
    expect(() => Object.assign(s, { gate: undefined })).toThrow(TypeError);
  });
});
