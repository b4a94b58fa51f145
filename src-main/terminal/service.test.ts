import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TerminalStreamEvent } from './streamEvents';
import { TerminalService, type TerminalServiceOptions } from './service';
import type { StreamConsumers } from './streamHub';
import {
  expectCwdSurvivesExits,
  expectPtyResize,
  expectShutdownEndsProcesses,
  expectTimeoutKillsTree,
  expectWorkdirForOneCall,
  MARK,
  newMark,
  runToEnd as runToEndOn,
  until,
} from './testing/backendScenarios';
import { processesWithEnv, settleProcesses } from './testing/procs';

let dir: string;
let mark: string;
let service: TerminalService;
let events: TerminalStreamEvent[];
let acking = true;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-service-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function start(
  config: object = {},
  options: Pick<TerminalServiceOptions, 'consumers' | 'flowControl'> = {},
): TerminalService {
  mark = newMark();
  events = [];
  acking = true;
  service = new TerminalService({
    config: { local: { cwd: dir }, ...config, env: { [MARK]: mark, ...(config as { env?: object }).env } },
    onEvent: (event) => {
      events.push(event);
      if (acking && event.type === 'data') service.ack(event.streamId, event.data.length);
    },
    ...options,
  });
  return service;
}

afterEach(async () => {
  await service.shutdown();
  expect(await settleProcesses(MARK, mark)).toEqual([]);
});

const run = (command: string, extra: object = {}) =>
  service.run({ taskId: 't1', toolCallId: 'call', command, ...extra });

const runToEnd = (command: string, extra: object = {}) =>
  runToEndOn(service, command, { taskId: 't1', ...extra });

describe('terminal service on the local backend', () => {
  it('keeps cwd and exported variables between calls of one task, not across tasks', async () => {
    start();
    await run('mkdir -p sub && cd sub && export GREETING="hello world"');
    expect(await run('pwd; echo "$GREETING"')).toMatchObject({
      output: `${dir}/sub\nhello world\n`,
      exitCode: 0,
    });
    const other = await service.run({ taskId: 'other', toolCallId: 'c', command: 'pwd; echo "[$GREETING]"' });
    expect(other).toMatchObject({ output: `${dir}\n[]\n` });
  });

  it('keeps the cwd through user EXIT traps, exec, set -e and exit N, with and without a PTY', async () => {
    start();
    await expectCwdSurvivesExits(service, join(dir, 'plain'));
    await expectCwdSurvivesExits(service, join(dir, 'pty'), { pty: true });
  });

  it('runs a workdir override for one call only', async () => {
    start();
    await expectWorkdirForOneCall(service, dir, { taskId: 't1' });
  });

  it('reports exit codes and merged stderr', async () => {
    start();
    expect(await run('echo out; echo err >&2; exit 7')).toMatchObject({
      output: 'out\nerr\n',
      exitCode: 7,
      timedOut: false,
    });
  });

  it('kills the whole process tree on timeout and returns partial output with a note', async () => {
    start();
    const result = await expectTimeoutKillsTree(service, mark, { taskId: 't1' });
    expect(result).toMatchObject({ exitCode: null });
    expect(result.output).toMatch(
      /\n\[Command timed out after 1s; its whole process group was killed[^\n]*\]$/,
    );
  });

  it('refuses foreground timeouts above the cap', async () => {
    start();
    await expect(run('true', { timeout: 601 })).rejects.toThrow(/background: true/);
  });

  it('truncates long output head and tail but streams all of it', async () => {
    // Without flow control every character goes live: a busy machine shrinks a page's live budget.
    start({ maxOutputChars: 1000 }, { flowControl: false });
    const result = await run('i=0; while [ $i -lt 3000 ]; do echo "line $i"; i=$((i+1)); done');
    if (result.status !== 'completed') throw new Error('expected completion');
    expect(result.truncated).toBe(true);
    expect(result.output.startsWith('line 0\nline 1\n')).toBe(true);
    expect(result.output.endsWith('line 2999\n')).toBe(true);
    expect(result.output).toMatch(/characters cut; showing the first 400 and the last 600 of \d+/);
    const streamed = events
      .flatMap((e) => (e.type === 'data' && e.streamId === result.streamId ? [e.data] : []))
      .join('');
    expect(streamed.split('\r\n').filter((l) => l.startsWith('line '))).toHaveLength(3000);
  });

  it('streams pipe output with CRLF line ends between a command header and an exit footer', async () => {
    start();
    for (const pty of [false, true]) {
      const result = await runToEnd("printf '\\033[32mone\\033[0m\\ntwo\\n'; exit 4", { pty });
      const streamed = events
        .flatMap((e) => (e.type === 'data' && e.streamId === result.streamId ? [e.data] : []))
        .join('');
      expect(streamed).toContain('$ printf');
      expect(streamed).toContain('\x1b[32mone\x1b[0m\r\ntwo\r\n');
      expect(streamed).not.toMatch(/[^\r]\n|\r\r\n/);
      expect(streamed).toContain('✗ exit 4');
      expect(streamed.endsWith('\r\n\x1b[?25l')).toBe(true);
    }
  });

  it('never splits UTF-8 sequences, through pipes and PTYs', async () => {
    // Without flow control every character goes live (no live budget), so all of it can be read.
    start({}, { flowControl: false });
    for (const pty of [false, true]) {
      const result = await runToEnd("yes 'é€😀' | head -n 30000", { pty });
      const streamed = events
        .flatMap((e) => (e.type === 'data' && e.streamId === result.streamId ? [e.data] : []))
        .join('');
      // A U+FFFD is either a split code point or a tail cut off mid-character (what node-pty's
      // socket destroy would discard, see backends/ptyDrain.ts). The message says which it was.
      const lines = streamed.split(/\r?\n/).filter((line) => line === 'é€😀').length;
      const bad = streamed.indexOf('\ufffd');
      const where = `${pty ? 'PTY' : 'pipe'}: ${lines} of 30000 lines arrived, U+FFFD at ${bad} of ${streamed.length} chars`;
      expect(bad, where).toBe(-1);
      expect(lines, where).toBe(30_000);
    }
  });

  it('shares a parent task environment with sub-agents and honours a per-task cwd', async () => {
    start();
    service.registerTask('sub', { parentTaskId: 't1' });
    await run('export SHARED=yes');
    expect(await service.run({ taskId: 'sub', toolCallId: 'c', command: 'echo "$SHARED"' })).toMatchObject({
      output: 'yes\n',
    });
    service.setTaskCwd('own', '/');
    service.registerTask('own', { parentTaskId: 't1', ownEnvironment: true });
    expect(
      await service.run({ taskId: 'own', toolCallId: 'c', command: 'pwd; echo "[$SHARED]"' }),
    ).toMatchObject({ output: '/\n[]\n' });
  });

  it('tags live events with task, tool call and stream ids, then an exit event', async () => {
    start();
    const result = await run('echo live');
    const mine = events.filter((e) => e.streamId === result.streamId);
    expect(mine.every((e) => e.taskId === 't1' && e.toolCallId === 'call')).toBe(true);
    expect(mine.at(-1)).toMatchObject({ type: 'exit', exitCode: 0 });
  });

  it('cancels a running command through its abort signal', async () => {
    start();
    const controller = new AbortController();
    const pending = run('echo go; sleep 300', { signal: controller.signal });
    await until(() => events.some((e) => e.type === 'data' && e.data.includes('go')));
    controller.abort();
    expect(await pending).toMatchObject({ cancelled: true, exitCode: null });
  });

  it('runs foreground commands in a PTY', async () => {
    start();
    const result = await run('test -t 1 && echo tty; echo "$TERM"', { pty: true });
    expect(result).toMatchObject({ output: 'tty\r\nxterm-256color\r\n', exitCode: 0 });
  });
});

describe('background processes on the local backend', () => {
  it('supports poll, log, write, close stdin and wait with stable ids', async () => {
    start();
    const first = await run('echo ready; read line; echo "got $line"; cat; echo done', { background: true });
    const second = await run('sleep 300', { background: true });
    if (first.status !== 'started' || second.status !== 'started') throw new Error('expected background');
    expect([first.processId, second.processId]).toEqual(['proc_1', 'proc_2']);
    await until(() => service.processes.get('proc_1').outputChars > 0);
    expect(service.processes.poll('proc_1').output).toBe('ready\n');
    expect(service.processes.poll('proc_1').output).toBe('');
    service.processes.write('proc_1', 'hello\n');
    service.processes.write('proc_1', 'more\n');
    service.processes.closeStdin('proc_1');
    const waited = await service.processes.wait('proc_1', 10_000);
    expect(waited).toMatchObject({ timedOut: false, process: { status: 'exited', exitCode: 0 } });
    expect(service.processes.log('proc_1', { offset: 1, limit: 2 })).toMatchObject({
      text: 'got hello\nmore',
      totalLines: 4,
    });
    expect((await service.processes.wait('proc_2', 50)).timedOut).toBe(true);
    expect(service.processes.list().map((p) => [p.id, p.status])).toEqual([
      ['proc_1', 'exited'],
      ['proc_2', 'running'],
    ]);
    expect(await service.processes.kill('proc_2')).toMatchObject({ status: 'killed' });
    expect(() => service.processes.write('proc_2', 'x')).toThrow(/already exited/);
    expect(() => service.processes.get('proc_9')).toThrow(/no background process/);
  });

  it('runs PTY processes in the background and resizes them', async () => {
    start();
    await expectPtyResize(service, { cols: 132, rows: 40, waitMs: 10_000 }, { taskId: 't1' });
  });

  // A plain sh: an interactive bash runs the machine's ~/.bashrc, which may be slow.
  const shellConfig = { env: { SHELL: '/bin/sh' } };

  it("starts an agent's next PTY at the grid a page last gave one, in any task; a user shell's grid is not taken", async () => {
    start(shellConfig);
    expect((await runToEnd('stty size', { pty: true })).output).toContain('24 80');
    // The pane's grid reaches a command (the page fits it), then a user shell is resized.
    await expectPtyResize(service, { cols: 101, rows: 33, waitMs: 10_000 }, { taskId: 't1' });
    const shell = await service.openUserShell({ taskId: 't1', cols: 70, rows: 20 });
    expect(service.streams.resize(shell.streamId, 60, 15)).toBe(true);
    expect((await runToEnd('stty size', { pty: true })).output).toContain('33 101');
    expect((await runToEnd('stty size', { pty: true, taskId: 'other' })).output).toContain('33 101');
    // A call that names its grid keeps it.
    expect((await runToEnd('stty size', { pty: true, cols: 90, rows: 20 })).output).toContain('20 90');
  });

  /** A user shell flooding its stream, as a person typing `yes` would. */
  async function floodingShell() {
    const shell = await service.openUserShell({ taskId: 't1', cols: 80, rows: 24 });
    shell.write('yes\r');
    const stream = service.streams.stream(shell.streamId);
    const produced = () =>
      events.reduce(
        (n, e) => n + (e.streamId === shell.streamId && e.type === 'data' ? e.data.length : 0),
        0,
      );
    return { shell, stream, produced };
  }

  it('pauses a flooding user shell whose consumer stops acknowledging, and resumes it on ack', async () => {
    start(shellConfig);
    acking = false;
    const { stream, produced } = await floodingShell();
    await until(() => stream?.isPaused === true);
    const before = produced();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Only what was already in flight may arrive after the pause.
    expect(produced() - before).toBeLessThan(1_000_000);
    acking = true;
    stream?.ack(stream.unacknowledged);
    expect(stream?.isPaused).toBe(false);
    await until(() => produced() > before + 1_000_000);
  });

  it('holds a flood back only for a consumer that is there: one that leaves lets it go on', async () => {
    const ids = new Set(['page-1']);
    const watchers = new Set<(id: string, joined: boolean) => void>();
    const consumers: StreamConsumers = {
      ids: () => ids,
      watch: (watcher) => {
        watchers.add(watcher);
        return () => void watchers.delete(watcher);
      },
    };
    const leave = (id: string) => {
      ids.delete(id);
      for (const watcher of watchers) watcher(id, false);
    };
    start(shellConfig, { consumers });
    acking = false;
    const { stream, produced } = await floodingShell();
    await until(() => stream?.isPaused === true);
    const before = produced();
    leave('page-1');
    expect(stream?.isPaused).toBe(false);
    await until(() => produced() > before + 1_000_000);
    await service.shutdown();
    expect(watchers.size).toBe(0);
  });

  it('never pauses an agent process for a consumer that stops acknowledging: it is dropped, then gets a snapshot', async () => {
    start();
    acking = false;
    const started = await run('yes', { background: true });
    if (started.status !== 'started') throw new Error('expected background');
    const stream = service.streams.stream(started.streamId);
    await until(() => (stream?.lagging.length ?? 0) > 0);
    expect(stream?.isPaused).toBe(false);
    const produced = service.processes.get(started.processId).outputChars;
    await until(() => service.processes.get(started.processId).outputChars > produced + 1_000_000);
    stream?.ack(stream.unacknowledged + 1_000_000);
    await until(() => events.some((e) => e.type === 'data' && e.snapshot === true));
    const snapshot = events.find((e) => e.type === 'data' && e.snapshot === true);
    expect(snapshot?.type === 'data' && snapshot.data).toMatch(/y\r?\n/);
  });

  it('ends every background process, PTY and user shell on shutdown', async () => {
    start();
    await expectShutdownEndsProcesses(service, mark, {
      command: 'sleep 300 & sleep 300',
      userShell: 'sleep 300\r',
      taskId: 't1',
      beforeShutdown: async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect((await processesWithEnv(MARK, mark)).length).toBeGreaterThanOrEqual(4);
      },
    });
  });
});
