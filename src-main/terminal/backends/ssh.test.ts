import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TerminalService, type RunCommandResult } from '../service';
import { settleProcesses } from '../testing/procs';
import { sshdUnavailableReason, startSshd, type SshdFixture } from '../testing/sshd';
import { acceptHostKey } from './knownHosts';
import { SshBackend } from './ssh';

const MARK = 'CADUCEUS_TEST_MARK';
const skipReason = await sshdUnavailableReason();
if (skipReason) console.warn(`Skipping ssh backend tests: ${skipReason}`);

let fixture: SshdFixture;
let mark: string;
const services: TerminalService[] = [];

function sshConfig(extra: object = {}) {
  return {
    host: fixture.host,
    port: fixture.port,
    username: fixture.username,
    privateKeyPath: fixture.privateKeyPath,
    knownHostsPath: fixture.knownHostsPath,
    keepaliveInterval: 1,
    ...extra,
  };
}

function start(extra: object = {}): TerminalService {
  const service = new TerminalService({
    config: { backend: 'ssh', ssh: sshConfig(extra), env: { [MARK]: mark } },
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

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe.skipIf(skipReason !== undefined)('ssh backend (real sshd on 127.0.0.1)', () => {
  beforeAll(async () => {
    fixture = await startSshd();
    mark = randomBytes(6).toString('hex');
  });
  afterAll(async () => {
    await Promise.all(services.map((s) => s.shutdown()));
    await fixture?.stop();
  });
  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.shutdown()));
    expect(await settleProcesses(MARK, mark)).toEqual([]);
  });

  it('keeps cwd and exported variables between calls', async () => {
    const service = start();
    await runToEnd(service, 'cd /tmp && export SSH_VAR=kept');
    expect(await runToEnd(service, 'pwd; echo "$SSH_VAR"; exit 2')).toMatchObject({
      output: '/tmp\nkept\n',
      exitCode: 2,
    });
    expect((await runToEnd(service, 'pwd', { workdir: '/' })).output).toBe('/\n');
    expect((await runToEnd(service, 'pwd')).output).toBe('/tmp\n');
  });

  it('kills the remote process tree on timeout', async () => {
    const service = start();
    const result = await runToEnd(service, 'echo up; sh -c "sleep 300 & sleep 300" & sleep 300', {
      timeout: 1,
    });
    expect(result).toMatchObject({ timedOut: true });
    expect(result.output.startsWith('up\n')).toBe(true);
    expect(await settleProcesses(MARK, mark)).toEqual([]);
  });

  it('runs a PTY shell in the background with resize', async () => {
    const service = start();
    expect(await runToEnd(service, 'test -t 0 && echo tty', { pty: true })).toMatchObject({
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
    service.streams.resize(started.streamId, 120, 33);
    service.processes.write(started.processId, '\r');
    await service.processes.wait(started.processId, 20_000);
    expect(service.processes.log(started.processId).text).toContain('33 120');
  });

  it('reconnects after the connection drops, and kills what the drop cut off', async () => {
    const service = start();
    expect((await runToEnd(service, 'echo before')).output).toBe('before\n');
    const started = await service.run({
      taskId: 'task',
      toolCallId: 'c',
      command: 'sleep 300',
      background: true,
    });
    if (started.status !== 'started') throw new Error('expected background');
    expect(await fixture.dropConnections()).toBeGreaterThan(0);
    const lost = await service.processes.wait(started.processId, 20_000);
    expect(lost.process).toMatchObject({ status: 'exited', error: 'the ssh connection was lost' });
    expect((await runToEnd(service, 'echo after')).output).toBe('after\n');
    expect(await settleProcesses(MARK, mark)).toEqual([]);
  });

  it('refuses an unknown host until its key is accepted, and a changed key always', async () => {
    const knownHostsPath = `${fixture.knownHostsPath}.empty`;
    await writeFile(knownHostsPath, '');
    const backend = new SshBackend({
      ...sshConfig({ knownHostsPath }),
      port: fixture.port,
      readyTimeoutSeconds: 10,
      useAgent: false,
      keepaliveInterval: 1,
    });
    const availability = await backend.isAvailable();
    expect(availability.available).toBe(false);
    expect(availability.reason).toMatch(/unknown host key for 127\.0\.0\.1:\d+ \(ssh-ed25519 SHA256:/);
    const error = await backend.connection.get().catch((e: unknown) => e);
    await backend.dispose();
    if (!(error instanceof Error) || !('hostKey' in error)) throw new Error('expected a HostKeyError');
    await acceptHostKey(knownHostsPath, error.hostKey as Parameters<typeof acceptHostKey>[1]);
    expect(await readFile(knownHostsPath, 'utf8')).toContain(fixture.hostKey);
    const accepted = start({ knownHostsPath });
    expect((await runToEnd(accepted, 'echo trusted')).output).toBe('trusted\n');

    const otherKey = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl';
    await writeFile(knownHostsPath, `[127.0.0.1]:${fixture.port} ${otherKey}\n`);
    const changed = start({ knownHostsPath });
    expect((await runToEnd(changed, 'echo no')).error).toMatch(/host key mismatch/);
  });

  it('ends remote background processes and shells on shutdown', async () => {
    const service = start();
    await service.run({
      taskId: 'task',
      toolCallId: 'c',
      command: 'sleep 300 & sleep 300',
      background: true,
    });
    await service.run({ taskId: 'task', toolCallId: 'c', command: 'sleep 300', background: true, pty: true });
    const shell = await service.openUserShell({ taskId: 'task', cols: 80, rows: 24 });
    shell.write('sleep 300\r');
    await service.shutdown();
    expect(await settleProcesses(MARK, mark)).toEqual([]);
  });
});
