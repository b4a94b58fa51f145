/** Scenarios every terminal backend must pass; each backend test runs them on its own service. */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { TerminalConfigInput } from '../../config/terminalSchema';
import {
  TerminalService,
  type RunCommandRequest,
  type RunCommandResult,
  type TerminalServiceOptions,
} from '../service';
import { settleProcesses } from './procs';

/** Environment variable whose value tags every process a test starts, so leaks can be found. */
export const MARK = 'CADUCEUS_TEST_MARK';

export const newMark = (): string => randomBytes(6).toString('hex');

/** A service whose processes all carry a fresh mark, returned with it. */
export function markedService(options: TerminalServiceOptions): { service: TerminalService; mark: string } {
  const mark = newMark();
  const config = options.config ?? {};
  const service = new TerminalService({
    ...options,
    config: { ...config, env: { ...config.env, [MARK]: mark } },
  });
  return { service, mark };
}

/**
 * Runs `startFixture` once for the enclosing describe block and tracks the services its tests
 * start; after each test they are shut down and no process they marked may outlive them.
 */
export function useFixtureServices<F extends { stop(): Promise<void> }>(
  startFixture: () => Promise<F>,
  options: { afterShutdown?: () => Promise<void> } = {},
): { readonly fixture: F; readonly mark: string; start(config: TerminalConfigInput): TerminalService } {
  const mark = newMark();
  const services: TerminalService[] = [];
  let fixture: F | undefined;
  beforeAll(async () => {
    fixture = await startFixture();
  });
  afterAll(async () => {
    await Promise.all(services.map((s) => s.shutdown()));
    await fixture?.stop();
  });
  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.shutdown()));
    expect(await settleProcesses(MARK, mark)).toEqual([]);
    await options.afterShutdown?.();
  });
  return {
    mark,
    get fixture() {
      if (!fixture) throw new Error('the fixture starts in beforeAll');
      return fixture;
    },
    start(config) {
      const service = new TerminalService({ config: { ...config, env: { [MARK]: mark } } });
      services.push(service);
      return service;
    },
  };
}

export type CompletedRun = Extract<RunCommandResult, { status: 'completed' }>;
export type StartedRun = Extract<RunCommandResult, { status: 'started' }>;
type RunExtra = Partial<RunCommandRequest>;

/** Polls `check` until it holds; fails naming it, before the test's own timeout hides which. */
export async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Still not true after ${timeoutMs} ms: ${check.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function runToEnd(
  service: TerminalService,
  command: string,
  extra: RunExtra = {},
): Promise<CompletedRun> {
  const result = await service.run({ taskId: 'task', toolCallId: 'call', command, ...extra });
  if (result.status !== 'completed') throw new Error('expected a foreground result');
  return result;
}

export async function runInBackground(
  service: TerminalService,
  command: string,
  extra: RunExtra = {},
): Promise<StartedRun> {
  const result = await service.run({
    taskId: 'task',
    toolCallId: 'call',
    command,
    background: true,
    ...extra,
  });
  if (result.status !== 'started') throw new Error('expected background');
  return result;
}

/** `cd` and `export` in one call are seen by the next; its exit code and stderr come back. */
export async function expectKeepsCwdAndEnv(
  service: TerminalService,
  variable: { name: string; value: string; exitCode: number; stderr?: string },
): Promise<void> {
  const { name, value, exitCode, stderr } = variable;
  await runToEnd(service, `cd /tmp && export ${name}=${value}`);
  const toStderr = stderr === undefined ? '' : `; echo ${stderr} >&2`;
  expect(await runToEnd(service, `pwd; echo "$${name}"${toStderr}; exit ${exitCode}`)).toMatchObject({
    output: `/tmp\n${value}\n${stderr === undefined ? '' : `${stderr}\n`}`,
    exitCode,
  });
}

/** A workdir applies to its own call only; the next one is back in `cwd`. */
export async function expectWorkdirForOneCall(service: TerminalService, cwd: string, extra: RunExtra = {}) {
  expect((await runToEnd(service, 'pwd', { workdir: '/', ...extra })).output).toBe('/\n');
  expect((await runToEnd(service, 'pwd', extra)).output).toBe(`${cwd}\n`);
}

/** A timeout kills the command's whole process group, keeping what it printed before. */
export async function expectTimeoutKillsTree(
  service: TerminalService,
  mark: string,
  extra: RunExtra = {},
): Promise<CompletedRun> {
  const result = await runToEnd(service, 'echo begun; sh -c "sleep 300 & sleep 300" & sleep 300', {
    timeout: 1,
    ...extra,
  });
  expect(result).toMatchObject({ timedOut: true });
  expect(result.output.startsWith('begun\n')).toBe(true);
  expect(await settleProcesses(MARK, mark)).toEqual([]);
  return result;
}

/** A foreground timeout ends a command that leaves grandchildren behind. */
export async function expectTimeoutEndsGrandchildren(service: TerminalService): Promise<void> {
  expect(await runToEnd(service, 'sh -c "sleep 300 & sleep 300"', { timeout: 1 })).toMatchObject({
    timedOut: true,
  });
}

/** Background stdin reaches the command. */
export async function expectBackgroundStdin(service: TerminalService): Promise<void> {
  const reader = await runInBackground(service, 'read x; echo "in:$x"');
  service.processes.write(reader.processId, 'typed\n');
  expect((await service.processes.wait(reader.processId, 10_000)).outputTail).toBe('in:typed\n');
}

/** A background PTY starts at 80x24 and sees a resize to `cols`x`rows`. */
export async function expectPtyResize(
  service: TerminalService,
  size: { cols: number; rows: number; waitMs: number },
  extra: RunExtra = {},
): Promise<void> {
  const started = await runInBackground(service, 'read a; stty size; read b; stty size', {
    pty: true,
    cols: 80,
    rows: 24,
    ...extra,
  });
  service.processes.write(started.processId, '\r');
  await until(() => service.processes.log(started.processId).text.includes('24 80'));
  expect(service.streams.resize(started.streamId, size.cols, size.rows)).toBe(true);
  service.processes.write(started.processId, '\r');
  await service.processes.wait(started.processId, size.waitMs);
  expect(service.processes.log(started.processId).text).toContain(`${size.rows} ${size.cols}`);
}

/**
 * Shutdown ends a background command and, with `userShell`, a background PTY and a user shell
 * that was sent `userShell`; `beforeShutdown` checks them while they run.
 */
export async function expectShutdownEndsProcesses(
  service: TerminalService,
  mark: string,
  options: {
    command?: string;
    userShell?: string;
    taskId?: string;
    beforeShutdown?: () => Promise<void>;
  } = {},
): Promise<void> {
  const { command = 'sleep 300', userShell, taskId = 'task', beforeShutdown } = options;
  await runInBackground(service, command, { taskId });
  if (userShell !== undefined) {
    await runInBackground(service, 'sleep 300', { taskId, pty: true });
    const shell = await service.openUserShell({ taskId, cols: 80, rows: 24 });
    shell.write(userShell);
  }
  await beforeShutdown?.();
  await service.shutdown();
  expect(await settleProcesses(MARK, mark)).toEqual([]);
}

/**
 * The cwd survives commands that replace the snapshot's EXIT trap, `exec`, fail under `set -e`
 * or `exit N`: the next command runs where the shell got to, or in the previous cwd, never in
 * $HOME. `base` is created; each case starts there through the task's cwd.
 */
export async function expectCwdSurvivesExits(
  service: TerminalService,
  base: string,
  extra: RunExtra = {},
): Promise<void> {
  const eol = extra.pty === true ? '\r\n' : '\n';
  const taskId = `cwd-${newMark()}`;
  const run = (command: string) => runToEnd(service, command, { ...extra, taskId });
  // A one-off workdir leaves no cwd snapshot: the first case still starts without one.
  await runToEnd(service, `mkdir -p '${base}/x' '${base}/sub'`, { ...extra, taskId, workdir: '/' });
  const cases = [
    { command: "cd x && trap 'echo bye' EXIT", output: `bye${eol}`, exitCode: 0, next: `${base}/x` },
    { command: 'cd sub; exec true', output: '', exitCode: 0, next: base },
    { command: 'set -e; cd sub; false', output: '', exitCode: 1, next: `${base}/sub` },
    { command: 'cd sub; exit 3', output: '', exitCode: 3, next: `${base}/sub` },
  ];
  for (const { command, output, exitCode, next } of cases) {
    service.setTaskCwd(taskId, base);
    // With the error beside them: a failure shows why a run ended without its exit code.
    const { output: got, exitCode: code, error } = await run(command);
    expect({ command, output: got, exitCode: code, error }).toEqual({
      command,
      output,
      exitCode,
      error: undefined,
    });
    expect({ after: command, output: (await run('pwd')).output }).toEqual({
      after: command,
      output: `${next}${eol}`,
    });
  }
  // A later command whose snapshot is lost leaves the environment where the last one was taken.
  const lost = await run("cd ..; trap 'echo bye' EXIT; exit 4");
  expect({ exitCode: lost.exitCode, error: lost.error }).toEqual({ exitCode: 4, error: undefined });
  expect((await run('pwd')).output).toBe(`${base}/sub${eol}`);
}

/**
 * How many PID files, then PTY script files, the running command's backend has on its target: its
 * own PID file is the newest that holds its PID ($$ is the launcher's, which exec'd the script).
 */
const OWN_BACKENDS_FILES = [
  'own=$(ls -t $(grep -lx "$$" /tmp/.caduceus-p-*.pid) | head -n 1)',
  'id=${own#/tmp/.caduceus-p-}',
  'id=${id%%-*}',
  'echo $(ls /tmp/.caduceus-p-$id-*.pid | wc -l) $(ls /tmp/.caduceus-s-$id-* 2>/dev/null | wc -l)',
].join('; ');

/**
 * Commands that have ended leave no PID or script files behind on the target: after several, in
 * the foreground, in a PTY and in the background, the next finds only its own PID file.
 */
export async function expectEndedCommandsLeaveNoFiles(service: TerminalService): Promise<void> {
  for (let i = 0; i < 3; i++) await runToEnd(service, 'true', { pty: i === 1 });
  const background = await runInBackground(service, 'true');
  await service.processes.wait(background.processId, 20_000);
  expect((await runToEnd(service, OWN_BACKENDS_FILES)).output.trim()).toBe('1 0');
}
