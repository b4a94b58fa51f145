import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModalConfigSchema } from '../../../src-shared/backends/list';
import {
  expectBackgroundStdin,
  expectEndedCommandsLeaveNoFiles,
  expectKeepsCwdAndEnv,
  expectShutdownEndsProcesses,
  expectTimeoutEndsGrandchildren,
  MARK,
  markedService,
  runToEnd,
} from '../testing/backendScenarios';
import { fakeModalSdk, type ModalCall } from '../testing/fakeModal';
import { ModalBackend } from './modal';
import { loadModalSdk } from './modalSdk';

const saved = {
  HOME: process.env.HOME,
  id: process.env.MODAL_TOKEN_ID,
  secret: process.env.MODAL_TOKEN_SECRET,
};
let home: string;

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-home-'));
  process.env.HOME = home;
  delete process.env.MODAL_TOKEN_ID;
  delete process.env.MODAL_TOKEN_SECRET;
});
afterAll(async () => {
  process.env.HOME = saved.HOME;
  if (saved.id !== undefined) process.env.MODAL_TOKEN_ID = saved.id;
  if (saved.secret !== undefined) process.env.MODAL_TOKEN_SECRET = saved.secret;
  await rm(home, { recursive: true, force: true });
});

const withCredentials = ModalConfigSchema.parse({ tokenId: 'ak-test', tokenSecret: 'as-test' });

describe('modal backend availability', () => {
  it('is unavailable without credentials', async () => {
    const backend = new ModalBackend(ModalConfigSchema.parse({}), 'k', async () => fakeModalSdk([]));
    expect(await backend.isAvailable()).toMatchObject({
      available: false,
      reason: expect.stringMatching(/MODAL_TOKEN_ID/),
    });
  });

  it('loads the installed Modal SDK, whose client has the surface the backend uses', async () => {
    const sdk = await loadModalSdk();
    expect(typeof sdk.ModalClient).toBe('function');
    expect(await new ModalBackend(withCredentials, 'k').isAvailable()).toEqual({ available: true });
  });

  it('is unavailable, saying why, when the SDK cannot be loaded', async () => {
    const backend = new ModalBackend(withCredentials, 'k', async () => {
      throw new Error('the Modal SDK is not installed: npm install -E modal@0.11.1');
    });
    expect(await backend.isAvailable()).toEqual({
      available: false,
      reason: 'the Modal SDK is not installed: npm install -E modal@0.11.1',
    });
  });

  it('takes credentials from the environment too', async () => {
    process.env.MODAL_TOKEN_ID = 'ak-env';
    process.env.MODAL_TOKEN_SECRET = 'as-env';
    try {
      const backend = new ModalBackend(ModalConfigSchema.parse({}), 'k', async () => fakeModalSdk([]));
      expect(await backend.isAvailable()).toEqual({ available: true });
    } finally {
      delete process.env.MODAL_TOKEN_ID;
      delete process.env.MODAL_TOKEN_SECRET;
    }
  });
});

describe('modal backend wiring (SDK surface faked with local processes)', () => {
  it('creates one named sandbox, runs wrapped execs, kills by process group and terminates', async () => {
    const calls: ModalCall[] = [];
    const { service, mark } = markedService({
      config: { backend: 'modal' },
      createBackend: (key) => new ModalBackend(withCredentials, key, async () => fakeModalSdk(calls)),
    });
    await expectKeepsCwdAndEnv(service, { name: 'FROM_MODAL', value: '1', exitCode: 3, stderr: 'é€' });
    await expectTimeoutEndsGrandchildren(service);
    await expectBackgroundStdin(service);
    await runToEnd(service, 'true', { pty: true });
    await expectEndedCommandsLeaveNoFiles(service);
    await expectShutdownEndsProcesses(service, mark);

    expect(calls[0]).toEqual({
      method: 'new ModalClient',
      args: [{ tokenId: 'ak-test', tokenSecret: 'as-test' }],
    });
    expect(calls.find((c) => c.method === 'sandboxes.create')?.args[2]).toEqual({
      name: 'caduceus-task',
      blockNetwork: true,
      timeoutMs: 3_600_000,
    });
    const execs = calls
      .filter((c) => c.method === 'exec')
      .map((c) => c.args[1] as { pty?: boolean; mode?: string; env?: object });
    expect(execs[0]).toMatchObject({ mode: 'binary', pty: false, env: { [MARK]: mark } });
    expect(execs.some((params) => params.pty === true)).toBe(true);
    expect(calls.filter((c) => c.method === 'sandboxes.create')).toHaveLength(1);
    expect(calls.at(-1)).toEqual({ method: 'terminate', args: ['caduceus-task'] });
  });

  it('reuses a running sandbox of the same name', async () => {
    const calls: ModalCall[] = [];
    const existing = new Map();
    const first = new ModalBackend(withCredentials, 'shared', async () => fakeModalSdk(calls, existing));
    await first.exec({ command: 'true', timeoutMs: 10_000 });
    const second = new ModalBackend(withCredentials, 'shared', async () => fakeModalSdk(calls, existing));
    expect(await second.exec({ command: 'echo again', timeoutMs: 10_000 })).toMatchObject({
      output: 'again\n',
    });
    expect(calls.filter((c) => c.method === 'sandboxes.create')).toHaveLength(1);
    await second.dispose();
    await first.dispose();
  });
});
