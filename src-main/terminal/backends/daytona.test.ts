import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DaytonaConfigSchema } from '../config';
import { TerminalService, type RunCommandResult } from '../service';
import { fakeDaytonaSdk, type DaytonaCall } from '../testing/fakeDaytona';
import { settleProcesses } from '../testing/procs';
import { DaytonaBackend } from './daytona';
import { loadDaytonaSdk } from './daytonaSdk';

const MARK = 'CADUCEUS_TEST_MARK';
const savedKey = process.env.DAYTONA_API_KEY;
beforeAll(() => {
  delete process.env.DAYTONA_API_KEY;
});
afterAll(() => {
  if (savedKey !== undefined) process.env.DAYTONA_API_KEY = savedKey;
});

const keyed = DaytonaConfigSchema.parse({ apiKey: 'dtn-test' });

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('daytona backend availability', () => {
  it('is unavailable without an API key', async () => {
    const backend = new DaytonaBackend(DaytonaConfigSchema.parse({}), 'k', async () => fakeDaytonaSdk([]));
    expect(await backend.isAvailable()).toMatchObject({
      available: false,
      reason: expect.stringMatching(/DAYTONA_API_KEY/),
    });
  });

  it('loads the installed Daytona SDK, whose client has the surface the backend uses', async () => {
    const sdk = await loadDaytonaSdk();
    expect(typeof sdk.Daytona).toBe('function');
    expect(await new DaytonaBackend(keyed, 'k').isAvailable()).toEqual({ available: true });
  });

  it('is unavailable, saying why, when the SDK cannot be loaded', async () => {
    const backend = new DaytonaBackend(keyed, 'k', async () => {
      throw new Error('the Daytona SDK is not installed: npm install @daytonaio/sdk');
    });
    expect(await backend.isAvailable()).toEqual({
      available: false,
      reason: 'the Daytona SDK is not installed: npm install @daytonaio/sdk',
    });
  });

  it('is available with a key from the environment and the SDK present', async () => {
    process.env.DAYTONA_API_KEY = 'dtn-env';
    try {
      const backend = new DaytonaBackend(DaytonaConfigSchema.parse({}), 'k', async () => fakeDaytonaSdk([]));
      expect(await backend.isAvailable()).toEqual({ available: true });
    } finally {
      delete process.env.DAYTONA_API_KEY;
    }
  });
});

describe('daytona backend wiring (SDK surface faked with local processes)', () => {
  it('labels one sandbox per environment, runs session commands and PTYs, and deletes it', async () => {
    const calls: DaytonaCall[] = [];
    const mark = randomBytes(6).toString('hex');
    const service = new TerminalService({
      config: { backend: 'daytona', env: { [MARK]: mark } },
      createBackend: (key) => new DaytonaBackend(keyed, key, async () => fakeDaytonaSdk(calls)),
    });
    const run = async (command: string, extra: object = {}) => {
      const result: RunCommandResult = await service.run({
        taskId: 'task',
        toolCallId: 'c',
        command,
        ...extra,
      });
      if (result.status !== 'completed') throw new Error('expected a foreground result');
      return result;
    };
    await run('cd /tmp && export FROM_DAYTONA=1');
    expect(await run('pwd; echo "$FROM_DAYTONA"; exit 4')).toMatchObject({
      output: '/tmp\n1\n',
      exitCode: 4,
    });
    expect(await run('sh -c "sleep 300 & sleep 300"', { timeout: 1 })).toMatchObject({ timedOut: true });
    const reader = await service.run({
      taskId: 'task',
      toolCallId: 'c',
      command: 'read x; echo "in:$x"',
      background: true,
    });
    if (reader.status !== 'started') throw new Error('expected background');
    service.processes.write(reader.processId, 'typed\n');
    expect((await service.processes.wait(reader.processId, 10_000)).outputTail).toBe('in:typed\n');
    const shell = await service.run({
      taskId: 'task',
      toolCallId: 'c',
      command: 'read a; stty size; read b; stty size',
      background: true,
      pty: true,
      cols: 80,
      rows: 24,
    });
    if (shell.status !== 'started') throw new Error('expected background');
    service.processes.write(shell.processId, '\r');
    await until(() => service.processes.log(shell.processId).text.includes('24 80'));
    service.streams.resize(shell.streamId, 90, 30);
    service.processes.write(shell.processId, '\r');
    await service.processes.wait(shell.processId, 10_000);
    expect(service.processes.log(shell.processId).text).toContain('30 90');
    await service.run({ taskId: 'task', toolCallId: 'c', command: 'sleep 300', background: true });
    await service.shutdown();
    expect(await settleProcesses(MARK, mark)).toEqual([]);

    expect(calls[0]).toEqual({ method: 'new Daytona', args: [{ apiKey: 'dtn-test' }] });
    expect(calls.filter((c) => c.method === 'create')).toEqual([
      { method: 'create', args: [{ labels: { 'caduceus.environment': 'task' } }] },
    ]);
    expect(calls.some((c) => c.method === 'createPty')).toBe(true);
    expect(calls.at(-1)).toEqual({ method: 'delete', args: ['sandbox-0'] });
  });

  it('finds a persistent sandbox again by label and keeps it', async () => {
    const calls: DaytonaCall[] = [];
    const existing = new Map();
    const persistent = DaytonaConfigSchema.parse({ apiKey: 'dtn-test', persistent: true });
    const first = new DaytonaBackend(persistent, 'shared', async () => fakeDaytonaSdk(calls, existing));
    await first.exec({ command: 'true', timeoutMs: 10_000 });
    await first.dispose();
    const second = new DaytonaBackend(persistent, 'shared', async () => fakeDaytonaSdk(calls, existing));
    expect(await second.exec({ command: 'echo again', timeoutMs: 10_000 })).toMatchObject({
      output: 'again\n',
    });
    await second.dispose();
    expect(calls.filter((c) => c.method === 'create')).toHaveLength(1);
    expect(calls.some((c) => c.method === 'delete')).toBe(false);
  });
});
