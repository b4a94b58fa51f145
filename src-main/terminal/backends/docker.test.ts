import { describe, expect, it } from 'vitest';
import type { TerminalService } from '../service';
import {
  expectEndedCommandsLeaveNoFiles,
  expectPtyResize,
  expectShutdownEndsProcesses,
  expectTimeoutKillsTree,
  expectCwdSurvivesExits,
  expectWorkdirForOneCall,
  runInBackground,
  runToEnd,
  useFixtureServices,
} from '../testing/backendScenarios';
import { dockerUnavailableReason, startDockerd } from '../testing/dockerd';
import { ENVIRONMENT_LABEL, MANAGED_LABEL, parseMemory } from './docker';

// Pure: runs whether or not dockerd is here.
describe('docker config', () => {
  it('reads docker memory limits with units', () => {
    expect(parseMemory('512m')).toBe(512 * 1024 * 1024);
    expect(parseMemory('2G')).toBe(2 * 1024 ** 3);
    expect(parseMemory(1000)).toBe(1000);
  });
});

const skipReason = await dockerUnavailableReason();
if (skipReason) console.warn(`Skipping docker backend tests: ${skipReason}`);

describe.skipIf(skipReason !== undefined)('docker backend (real dockerd, busybox image)', () => {
  const suite = useFixtureServices(startDockerd, {
    afterShutdown: async () => {
      expect(await managedContainers()).toEqual([]);
    },
  });
  const { mark } = suite;

  function start(docker: object = {}): TerminalService {
    const { socketPath, image } = suite.fixture;
    return suite.start({
      backend: 'docker',
      docker: { socketPath, image, network: 'none', pidsLimit: 64, memory: '64m', ...docker },
    });
  }

  async function managedContainers(): Promise<string[]> {
    const list = await suite.fixture.docker.listContainers({
      all: true,
      filters: { label: [MANAGED_LABEL] },
    });
    return list.map((c) => c.Id);
  }

  it('runs commands in one hardened container and keeps cwd and env in busybox sh', async () => {
    const service = start();
    expect(await runToEnd(service, 'pwd; mkdir -p /tmp/w && cd /tmp/w; export V="a b"')).toMatchObject({
      output: '/root\n',
      exitCode: 0,
    });
    expect(await runToEnd(service, 'pwd; echo "$V"; echo e >&2; exit 5')).toMatchObject({
      output: '/tmp/w\na b\ne\n',
      exitCode: 5,
    });
    await expectWorkdirForOneCall(service, '/tmp/w');
    const [id] = await managedContainers();
    const info = await suite.fixture.docker.getContainer(id ?? '').inspect();
    expect(info.HostConfig).toMatchObject({
      CapDrop: ['ALL'],
      SecurityOpt: ['no-new-privileges'],
      PidsLimit: 64,
      NetworkMode: 'none',
      Memory: 64 * 1024 * 1024,
    });
  });

  it('keeps the cwd through user EXIT traps, exec, set -e and exit N in busybox sh', async () => {
    const service = start();
    await expectCwdSurvivesExits(service, '/tmp/cwd');
    await expectCwdSurvivesExits(service, '/tmp/cwd-pty', { pty: true });
    // The container is kept between commands: those that ended leave no PID files in it.
    await expectEndedCommandsLeaveNoFiles(service);
  });

  it('kills the process tree inside the container on timeout', async () => {
    await expectTimeoutKillsTree(start(), mark);
  });

  it('does not wait for a background child that keeps the output open', async () => {
    const service = start();
    expect(await runToEnd(service, 'sleep 300 & echo quick')).toMatchObject({
      output: 'quick\n',
      exitCode: 0,
      timedOut: false,
    });
  });

  it('runs PTY commands in the foreground and background, with resize', async () => {
    const service = start();
    expect(await runToEnd(service, 'test -t 1 && echo tty', { pty: true })).toMatchObject({
      output: 'tty\r\n',
      exitCode: 0,
    });
    await expectPtyResize(service, { cols: 100, rows: 30, waitMs: 20_000 });
  });

  it('feeds stdin of background processes and closes it', async () => {
    const service = start();
    const started = await runInBackground(service, 'cat; echo eof');
    service.processes.write(started.processId, 'piped\n');
    service.processes.closeStdin(started.processId);
    const waited = await service.processes.wait(started.processId, 20_000);
    expect(waited).toMatchObject({ timedOut: false, process: { exitCode: 0 } });
    expect(service.processes.log(started.processId).text).toBe('piped\neof');
  });

  it('finds a persistent container again by its label, and removes it when not persistent', async () => {
    const first = start({ persistent: true });
    await runToEnd(first, 'echo kept > /root/marker');
    await first.shutdown();
    const [id] = await managedContainers();
    expect(id).toBeDefined();
    const again = start({ persistent: false });
    expect((await runToEnd(again, 'cat /root/marker')).output).toBe('kept\n');
    const list = await suite.fixture.docker.listContainers({
      all: true,
      filters: { label: [`${ENVIRONMENT_LABEL}=task`] },
    });
    expect(list.map((c) => c.Id)).toEqual([id]);
    await again.shutdown();
    expect(await managedContainers()).toEqual([]);
  });

  it('ends background processes, PTYs and the container on shutdown', async () => {
    await expectShutdownEndsProcesses(start(), mark, { userShell: 'echo hi\r' });
    expect(await managedContainers()).toEqual([]);
  });
});
