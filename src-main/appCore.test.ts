import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from './appCore';
import { alive } from './terminal/testing/procs';
import { useCoreHome } from './testing/coreHome';

const temp = useCoreHome('caduceus-core-', { homeInside: true });
let core: AppCore;

beforeEach(async () => {
  await mkdir(join(temp.dir, 'a'));
  await mkdir(join(temp.dir, 'b'));
  await writeFile(
    join(temp.home, 'config.yaml'),
    `terminal:\n  local:\n    cwd: ${JSON.stringify(join(temp.dir, 'a'))}\n`,
  );
  core = await temp.start({ env: process.env });
});

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
    const c = core;
    const first = c.root.terminals.current;
    const before = await startSleep(c, 'task-a');
    const reply = await c.invoke('settings.update', { terminal: { local: { cwd: join(temp.dir, 'b') } } });
    expect(reply.ok).toBe(true);
    expect(c.root.terminals.current).not.toBe(first);
    expect(c.root.toolServices.terminal).toBe(c.root.terminals.current);
    const after = await startSleep(c, 'task-b');
    await c.shutdown();
    expect(alive(before)).toBe(false);
    expect(alive(after)).toBe(false);
  });
});

describe('the composition root of a UI host', () => {
  it('is whole when built: the scheduler is there from the start and nothing can be assigned later', () => {
    const s = core.root;
    expect(s.toolServices.cron).toBeDefined();
    expect(Object.isFrozen(s)).toBe(true);
    expect(Object.isFrozen(s.toolServices)).toBe(true);
    expect(() => Object.assign(s.toolServices, { cron: undefined })).toThrow(TypeError);
    expect(() => Object.assign(s, { gate: undefined })).toThrow(TypeError);
  });
});
