import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { TerminalService } from '../service';
import {
  expectCwdSurvivesExits,
  expectEndedCommandsLeaveNoFiles,
  expectKeepsCwdAndEnv,
  expectPtyResize,
  expectShutdownEndsProcesses,
  expectTimeoutKillsTree,
  expectWorkdirForOneCall,
  MARK,
  runInBackground,
  runToEnd,
  useFixtureServices,
} from '../testing/backendScenarios';
import { settleProcesses } from '../testing/procs';
import { sshdUnavailableReason, startSshd } from '../testing/sshd';
import { acceptHostKey } from './knownHosts';
import { SshBackend } from './ssh';

const skipReason = await sshdUnavailableReason();
if (skipReason) console.warn(`Skipping ssh backend tests: ${skipReason}`);

describe.skipIf(skipReason !== undefined)('ssh backend (real sshd on 127.0.0.1)', () => {
  const suite = useFixtureServices(startSshd);
  const { mark } = suite;

  function sshConfig(extra: object = {}) {
    const { host, port, username, privateKeyPath, knownHostsPath } = suite.fixture;
    // The product's keepalive: a one-second one can call a connection lost on a busy machine.
    return { host, port, username, privateKeyPath, knownHostsPath, ...extra };
  }

  const start = (extra: object = {}): TerminalService =>
    suite.start({ backend: 'ssh', ssh: sshConfig(extra) });

  it('keeps cwd and exported variables between calls', async () => {
    const service = start();
    await expectKeepsCwdAndEnv(service, { name: 'SSH_VAR', value: 'kept', exitCode: 2 });
    await expectWorkdirForOneCall(service, '/tmp');
  });

  it('keeps the cwd through user EXIT traps, exec, set -e and exit N', async () => {
    const service = start();
    await expectCwdSurvivesExits(service, `/tmp/cwd-${mark}`);
    await expectCwdSurvivesExits(service, `/tmp/cwd-${mark}-pty`, { pty: true });
    await runToEnd(service, `rm -rf /tmp/cwd-${mark} /tmp/cwd-${mark}-pty`);
  });

  it('leaves no PID file of an ended command on the host', async () => {
    await expectEndedCommandsLeaveNoFiles(start());
  });

  it('kills the remote process tree on timeout', async () => {
    await expectTimeoutKillsTree(start(), mark);
  });

  it('runs a PTY shell in the background with resize', async () => {
    const service = start();
    expect(await runToEnd(service, 'test -t 0 && echo tty', { pty: true })).toMatchObject({
      output: 'tty\r\n',
      exitCode: 0,
    });
    await expectPtyResize(service, { cols: 120, rows: 33, waitMs: 20_000 });
  });

  it('reconnects after the connection drops, and kills what the drop cut off', async () => {
    const service = start({ keepaliveInterval: 1 });
    expect((await runToEnd(service, 'echo before')).output).toBe('before\n');
    const started = await runInBackground(service, 'sleep 300');
    expect(await suite.fixture.dropConnections()).toBeGreaterThan(0);
    const lost = await service.processes.wait(started.processId, 20_000);
    expect(lost.process).toMatchObject({ status: 'exited', error: 'the ssh connection was lost' });
    expect((await runToEnd(service, 'echo after')).output).toBe('after\n');
    expect(await settleProcesses(MARK, mark)).toEqual([]);
  });

  it('refuses an unknown host until its key is accepted, and a changed key always', async () => {
    const knownHostsPath = `${suite.fixture.knownHostsPath}.empty`;
    await writeFile(knownHostsPath, '');
    const backend = new SshBackend({
      ...sshConfig({ knownHostsPath }),
      port: suite.fixture.port,
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
    expect(await readFile(knownHostsPath, 'utf8')).toContain(suite.fixture.hostKey);
    const accepted = start({ knownHostsPath });
    expect((await runToEnd(accepted, 'echo trusted')).output).toBe('trusted\n');

    const otherKey = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl';
    await writeFile(knownHostsPath, `[127.0.0.1]:${suite.fixture.port} ${otherKey}\n`);
    const changed = start({ knownHostsPath });
    expect((await runToEnd(changed, 'echo no')).error).toMatch(/host key mismatch/);
  });

  it('ends remote background processes and shells on shutdown', async () => {
    await expectShutdownEndsProcesses(start(), mark, {
      command: 'sleep 300 & sleep 300',
      userShell: 'sleep 300\r',
    });
  });
});
