/**
 * Per-command limits inside the real sandbox (bubblewrap): fork storms, oversized files and a
 * filling disk end with a message saying which limit and how to raise it. The limits are small
 * here so the tests stay light on a shared machine.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SandboxConfigSchema } from '../config/sandboxSchema';
import { TerminalService } from '../terminal/service';
import { MARK, newMark, runInBackground, runToEnd, until } from '../terminal/testing/backendScenarios';
import { processesWithEnv, settleProcesses } from '../terminal/testing/procs';
import { createMemoryAllowlistStore } from '../approval/gate';
import { scriptedApprover } from '../approval/testing/gateFakes';
import { commandAttempt, commandFence } from '../tools/terminal/sandboxed';
import { fakeGate } from '../tools/testing/terminal';
import { SandboxEscalation } from './escalation';
import { runExec } from './execPolicy';
import { makePidsCgroup } from './pidsCgroup';
import { Sandbox } from './sandbox';

let root: string;
let workspace: string;
let service: TerminalService | undefined;
let mark: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'caduceus-limits-test-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const SMALL = { processes: 50, file_size_mib: 10, disk_growth_mib: 1024 };

async function start(
  limits: object = SMALL,
  options: { pidsCgroups?: boolean } = {},
): Promise<TerminalService> {
  const id = Math.random().toString(36).slice(2, 8);
  workspace = join(root, `ws-${id}`);
  const caduceusHome = join(root, `home-${id}`, '.caduceus');
  await mkdir(workspace, { recursive: true });
  await mkdir(caduceusHome, { recursive: true });
  await writeFile(join(caduceusHome, 'config.yaml'), 'command_allowlist: []\n');
  mark = newMark();
  const sandbox = new Sandbox({ limits }, { caduceusHome, home: join(root, `home-${id}`), ...options });
  service = new TerminalService({
    config: { local: { cwd: workspace }, env: { [MARK]: mark } },
    sandbox,
  });
  return service;
}

/** Kills every marked process until none is left, so a storm that got through ends anyway. */
async function killMarked(): Promise<number[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const pids = await processesWithEnv(MARK, mark);
    if (pids.length === 0 || Date.now() > deadline) return pids;
    for (const pid of pids)
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

afterEach(async () => {
  const left = await settleProcesses(MARK, mark, 3_000);
  await killMarked();
  await service?.shutdown();
  await service?.sandbox?.dispose();
  service = undefined;
  expect(left).toEqual([]);
});

/**
 * The classic bomb, its shell kept alive as a build's would be: once the shell that started it
 * exits, the sandbox's namespace ends with it and takes the storm along.
 */
const BASH_BOMB = ':(){ :|:& };:; sleep 60';
const PYTHON_BOMB = `python3 -c 'import os
while True:
    os.fork()'`;
const PERL_BOMB = `perl -e 'fork while 1'`;

describe('process limit', () => {
  it.each([
    ['a bash fork bomb', BASH_BOMB, true],
    ['a python os.fork loop', PYTHON_BOMB, true],
    ['a perl fork loop', PERL_BOMB, true],
    ['a bash fork bomb, without cgroups', BASH_BOMB, false],
    ['a python os.fork loop, without cgroups', PYTHON_BOMB, false],
  ])(
    '%s ends with a message naming the limit, and leaves nothing running',
    async (_name, bomb, cgroups) => {
      const terminal = await start(SMALL, { pidsCgroups: cgroups });
      const result = await runToEnd(terminal, bomb, { timeout: 60 });
      expect(result.timedOut).toBe(false);
      expect(result.output).toContain('process limit of 50');
      expect(result.output).toContain('sandbox.limits.processes');
      expect(await settleProcesses(MARK, mark, 5_000)).toEqual([]);
    },
    90_000,
  );

  it('keeps answering other commands while a fork bomb runs', async () => {
    const terminal = await start();
    // The other call starts its work only once the storm has begun.
    const bomb = terminal.run({
      taskId: 'bomber',
      toolCallId: 'bomb',
      command: `touch storm-started; ${BASH_BOMB}`,
      timeout: 60,
    });
    const other = await runToEnd(
      terminal,
      'while [ ! -e storm-started ]; do sleep 0.05; done; echo still-here',
      { taskId: 'other', timeout: 60 },
    );
    expect(other.output).toContain('still-here');
    const ended = await bomb;
    expect(ended.status === 'completed' && ended.output).toContain('process limit of 50');
  }, 90_000);

  it('puts the command in a pids cgroup of its own where this machine allows one', async () => {
    const probe = makePidsCgroup(10);
    probe?.remove();
    const terminal = await start();
    const result = await runToEnd(terminal, 'cat /proc/self/cgroup', { timeout: 60 });
    expect(result.output.includes('/caduceus-')).toBe(probe !== undefined);
  }, 60_000);

  it('lets ordinary parallel work under the limit run to the end', async () => {
    const terminal = await start();
    const result = await runToEnd(
      terminal,
      'for i in $(seq 20); do (sleep 0.3; echo "job $i" > "job$i.txt") & done; wait; ls job*.txt | wc -l',
      { timeout: 60 },
    );
    expect(result.exitCode).toBe(0);
    expect(result.output.trim()).toBe('20');
  }, 60_000);

  it('holds for background processes, whose output says why they ended', async () => {
    const terminal = await start();
    const started = await runInBackground(terminal, BASH_BOMB);
    await until(() => terminal.processes.get(started.processId).status !== 'running', 60_000);
    expect(terminal.processes.poll(started.processId).output).toContain('process limit of 50');
    expect(await settleProcesses(MARK, mark, 5_000)).toEqual([]);
  }, 90_000);
});

describe('file-size limit', () => {
  it.each([
    ['head -c', 'head -c 20M /dev/zero > big.bin'],
    ['dd', 'dd if=/dev/zero of=big.bin bs=1M count=20'],
    ['python', `python3 -c "open('big.bin', 'wb').write(bytes(20 * 1024 * 1024))"`],
  ])(
    '%s past the limit fails with a message naming it',
    async (_name, command) => {
      const terminal = await start();
      const result = await runToEnd(terminal, `${command}; echo rc=$?`, { timeout: 60 });
      expect(result.output).not.toContain('rc=0');
      expect(result.output).toContain('file-size limit of 10 MiB');
      expect(result.output).toContain('sandbox.limits.file_size_mib');
      expect((await stat(join(workspace, 'big.bin'))).size).toBeLessThanOrEqual(10 * 1024 * 1024);
    },
    60_000,
  );

  it('is a typed fence refusal the execution policy records, asking nobody to lift it', async () => {
    const terminal = await start();
    const person = scriptedApprover('once');
    const escalation = new SandboxEscalation({ approver: person, store: createMemoryAllowlistStore() });
    const words = 'head -c 20M /dev/zero > big.bin';
    const request = { taskId: 'task-1', toolCallId: 'call-1', command: words, timeout: 60 };
    const run = await runExec(
      { gate: fakeGate().gate, escalation },
      {
        effect: { kind: 'command', words },
        call: { sessionId: 's1', taskId: 'task-1', toolCallId: 'call-1' },
        fence: commandFence(terminal),
        attempt: commandAttempt(terminal, request),
      },
    );
    expect(run.decision).toMatchObject({
      allowed: true,
      fence: 'sandbox',
      fenceRefusal: {
        kind: 'limit',
        limit: 'file_size_mib',
        message: expect.stringContaining('10 MiB') as unknown,
      },
    });
    expect(run.decision).not.toHaveProperty('escalation');
    expect(person.requests).toEqual([]);
  }, 60_000);

  it('lets files under the limit be written', async () => {
    const terminal = await start();
    const result = await runToEnd(terminal, 'head -c 5M /dev/zero > ok.bin && echo written', { timeout: 60 });
    expect(result.output).toContain('written');
    expect(result.output).not.toContain('limit');
  }, 60_000);
  it('is off at 0', async () => {
    const terminal = await start({ ...SMALL, file_size_mib: 0 });
    const result = await runToEnd(terminal, 'head -c 20M /dev/zero > big.bin && echo written', {
      timeout: 60,
    });
    expect(result.output).toContain('written');
    expect((await stat(join(workspace, 'big.bin'))).size).toBe(20 * 1024 * 1024);
  }, 60_000);
});

describe('disk-growth limit', () => {
  it('stops a command that keeps filling the disk', async () => {
    const terminal = await start({ processes: 50, file_size_mib: 8, disk_growth_mib: 40 });
    const result = await runToEnd(
      terminal,
      'i=0; while [ $i -lt 100 ]; do i=$((i+1)); head -c 4M /dev/zero > "fill$i.bin"; sync "fill$i.bin"; done; echo finished',
      { timeout: 120 },
    );
    expect(result.output).not.toContain('finished');
    expect(result.output).toContain('disk-growth limit of 40 MiB');
    expect(result.output).toContain('sandbox.limits.disk_growth_mib');
  }, 150_000);

  it('does not blame a command for what others write to the same disk meanwhile', async () => {
    const terminal = await start({ processes: 50, file_size_mib: 8, disk_growth_mib: 40 });
    const elsewhere = join(root, `others-${Math.random().toString(36).slice(2, 8)}`);
    await mkdir(elsewhere);
    const command = terminal.run({
      taskId: 'task',
      toolCallId: 'call',
      command: 'touch started; while [ ! -e others-done ]; do sleep 0.05; done; sleep 0.5; echo survived',
      timeout: 120,
    });
    await until(() => existsSync(join(workspace, 'started')), 60_000);
    for (let i = 0; i < 20; i++) {
      const file = await open(join(elsewhere, `other${i}.bin`), 'w');
      await file.write(Buffer.alloc(4 * 1024 * 1024, 1));
      await file.sync();
      await file.close();
    }
    await writeFile(join(workspace, 'others-done'), '');
    const result = await command;
    await rm(elsewhere, { recursive: true, force: true });
    expect(result.status === 'completed' && result.output).toContain('survived');
    expect(result.status === 'completed' && result.output).not.toContain('disk-growth limit');
  }, 150_000);
});

describe('sandbox.limits in config', () => {
  it('has defaults that let real builds run, and old config files stay valid', () => {
    const limits = SandboxConfigSchema.parse({ mode: 'workspace-write', writable_roots: [] }).limits;
    expect(limits.processes).toBeGreaterThanOrEqual(1000);
    expect(limits.file_size_mib).toBeGreaterThanOrEqual(2048);
    expect(limits.disk_growth_mib).toBeGreaterThanOrEqual(4096);
    expect(SandboxConfigSchema.parse({ limits: { processes: 50 } }).limits.file_size_mib).toBe(
      limits.file_size_mib,
    );
    expect(() => SandboxConfigSchema.parse({ limits: { processes: -1 } })).toThrow();
  });
});
