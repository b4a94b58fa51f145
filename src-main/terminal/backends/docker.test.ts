import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TerminalService, type RunCommandResult } from '../service';
import { dockerUnavailableReason, startDockerd, type DockerFixture } from '../testing/dockerd';
import { settleProcesses } from '../testing/procs';
import { ENVIRONMENT_LABEL, MANAGED_LABEL } from './docker';

const MARK = 'CADUCEUS_TEST_MARK';
const skipReason = await dockerUnavailableReason();
if (skipReason) console.warn(`Skipping docker backend tests: ${skipReason}`);

let fixture: DockerFixture;
let mark: string;
const services: TerminalService[] = [];

function start(docker: object = {}): TerminalService {
  const service = new TerminalService({
    config: {
      backend: 'docker',
      docker: {
        socketPath: fixture.socketPath,
        image: fixture.image,
        network: 'none',
        pidsLimit: 64,
        memory: '64m',
        ...docker,
      },
      env: { [MARK]: mark },
    },
  });
  services.push(service);
  return service;
}

async function runToEnd(service: TerminalService, command: string, extra: object = {}) {
  const result: RunCommandResult = await service.run({
    taskId: 'task',
    toolCallId: 'call',
    command,
    ...extra,
  });
  if (result.status !== 'completed') throw new Error('expected a foreground result');
  return result;
}

async function managedContainers(): Promise<string[]> {
  const list = await fixture.docker.listContainers({ all: true, filters: { label: [MANAGED_LABEL] } });
  return list.map((c) => c.Id);
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe.skipIf(skipReason !== undefined)('docker backend (real dockerd, busybox image)', () => {
  beforeAll(async () => {
    fixture = await startDockerd();
  });
  afterAll(async () => {
    await Promise.all(services.map((s) => s.shutdown()));
    await fixture?.stop();
  });
  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.shutdown()));
    expect(await settleProcesses(MARK, mark)).toEqual([]);
    expect(await managedContainers()).toEqual([]);
  });
  beforeAll(() => {
    mark = randomBytes(6).toString('hex');
  });

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
    expect((await runToEnd(service, 'pwd', { workdir: '/' })).output).toBe('/\n');
    expect((await runToEnd(service, 'pwd')).output).toBe('/tmp/w\n');
    const [id] = await managedContainers();
    const info = await fixture.docker.getContainer(id ?? '').inspect();
    expect(info.HostConfig).toMatchObject({
      CapDrop: ['ALL'],
      SecurityOpt: ['no-new-privileges'],
      PidsLimit: 64,
      NetworkMode: 'none',
      Memory: 64 * 1024 * 1024,
    });
  });

  it('kills the process tree inside the container on timeout', async () => {
    const service = start();
    const result = await runToEnd(service, 'echo begun; sh -c "sleep 300 & sleep 300" & sleep 300', {
      timeout: 1,
    });
    expect(result).toMatchObject({ timedOut: true });
    expect(result.output.startsWith('begun\n')).toBe(true);
    expect(await settleProcesses(MARK, mark)).toEqual([]);
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
    const started = await service.run({
      taskId: 'task',
      toolCallId: 'c',
      command: 'read a; stty size; read b; stty size',
      background: true,
      pty: true,
      cols: 80,
      rows: 24,
    });
    if (started.status !== 'started') throw new Error('expected background');
    service.processes.write(started.processId, '\r');
    await until(() => service.processes.log(started.processId).text.includes('24 80'));
    expect(service.streams.resize(started.streamId, 100, 30)).toBe(true);
    service.processes.write(started.processId, '\r');
    await service.processes.wait(started.processId, 20_000);
    expect(service.processes.log(started.processId).text).toContain('30 100');
  });

  it('feeds stdin of background processes and closes it', async () => {
    const service = start();
    const started = await service.run({
      taskId: 'task',
      toolCallId: 'c',
      command: 'cat; echo eof',
      background: true,
    });
    if (started.status !== 'started') throw new Error('expected background');
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
    const list = await fixture.docker.listContainers({
      all: true,
      filters: { label: [`${ENVIRONMENT_LABEL}=task`] },
    });
    expect(list.map((c) => c.Id)).toEqual([id]);
    await again.shutdown();
    expect(await managedContainers()).toEqual([]);
  });

  it('ends background processes, PTYs and the container on shutdown', async () => {
    const service = start();
    await service.run({ taskId: 'task', toolCallId: 'c', command: 'sleep 300', background: true });
    await service.run({ taskId: 'task', toolCallId: 'c', command: 'sleep 300', background: true, pty: true });
    const shell = await service.openUserShell({ taskId: 'task', cols: 80, rows: 24 });
    shell.write('echo hi\r');
    await service.shutdown();
    expect(await settleProcesses(MARK, mark)).toEqual([]);
    expect(await managedContainers()).toEqual([]);
  });
});
