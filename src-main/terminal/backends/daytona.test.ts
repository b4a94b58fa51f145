import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DaytonaConfigSchema } from '../../../src-shared/backends/list';
import {
  expectBackgroundStdin,
  expectEndedCommandsLeaveNoFiles,
  expectKeepsCwdAndEnv,
  expectPtyResize,
  expectShutdownEndsProcesses,
  expectTimeoutEndsGrandchildren,
  markedService,
} from '../testing/backendScenarios';
import { fakeDaytonaSdk, type DaytonaCall } from '../testing/fakeDaytona';
import { DaytonaBackend } from './daytona';
import { loadDaytonaSdk } from './daytonaSdk';

const savedKey = process.env.DAYTONA_API_KEY;
beforeAll(() => {
  delete process.env.DAYTONA_API_KEY;
});
afterAll(() => {
  if (savedKey !== undefined) process.env.DAYTONA_API_KEY = savedKey;
});

const keyed = DaytonaConfigSchema.parse({ apiKey: 'dtn-test' });

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
    const { service, mark } = markedService({
      config: { backend: 'daytona' },
      createBackend: (key) => new DaytonaBackend(keyed, key, async () => fakeDaytonaSdk(calls)),
    });
    await expectKeepsCwdAndEnv(service, { name: 'FROM_DAYTONA', value: '1', exitCode: 4 });
    await expectTimeoutEndsGrandchildren(service);
    await expectBackgroundStdin(service);
    await expectPtyResize(service, { cols: 90, rows: 30, waitMs: 10_000 });
    await expectEndedCommandsLeaveNoFiles(service);
    await expectShutdownEndsProcesses(service, mark);

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
