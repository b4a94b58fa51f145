import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TerminalService } from '../terminal/service';
import { settleProcesses } from '../terminal/testing/procs';
import * as terminalModule from './terminal';
import { fakeGate, localTerminal, MARK, refusing, type FakeGate } from './testing/terminal';
import { loadTools } from './testing/harness';
import type { ToolServices } from './toolModule';

let dir: string;
let terminal: TerminalService;
let mark: string;
let gate: FakeGate;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-terminal-tool-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await terminal.shutdown();
  expect(await settleProcesses(MARK, mark)).toEqual([]);
});

function tools(config: object = {}, extra: ToolServices = {}) {
  ({ terminal, mark } = localTerminal(dir, config));
  gate = fakeGate();
  return loadTools(terminalModule, { terminal, commandGate: gate.gate, ...extra });
}

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('terminal tool', () => {
  it('is offered only with a terminal service, a gate and a usable backend, and caches the backend check', async () => {
    const t = tools();
    expect(await t.unavailable('terminal')).toBeUndefined();
    const spy = vi.spyOn(terminal, 'availability');
    await t.unavailable('terminal');
    await t.unavailable('process');
    expect(spy).not.toHaveBeenCalled();
    expect(await loadTools(terminalModule, { terminal }).unavailable('terminal')).toMatch(/no approval gate/);
    expect(await loadTools(terminalModule, { commandGate: gate.gate }).unavailable('process')).toMatch(
      /no terminal service/,
    );
    await terminal.shutdown();
    ({ terminal, mark } = localTerminal(dir, { local: { shell: '/nonexistent/sh' } }));
    const broken = loadTools(terminalModule, { terminal, commandGate: gate.gate });
    expect(await broken.unavailable('terminal')).toMatch(/local terminal backend is unavailable: no shell/);
  });

  it('returns output and exit code, and keeps the cwd between calls', async () => {
    const t = tools();
    expect(await t.json('terminal', { command: 'echo out; echo err >&2; exit 3' })).toEqual({
      output: 'out\nerr\n',
      exit_code: 3,
    });
    await t.json('terminal', { command: 'cd /tmp' });
    expect(await t.json('terminal', { command: 'pwd' })).toMatchObject({ output: '/tmp\n', exit_code: 0 });
    // The outcome says so too: the tool worked, the command failed.
    expect(await t.outcome('terminal', { command: 'exit 4' })).toMatchObject({ ok: true, exitCode: 4 });
  });

  it('runs a workdir override for one call, relative paths starting at the task cwd', async () => {
    const t = tools();
    await t.json('terminal', { command: `mkdir -p ${dir}/sub/deeper && cd ${dir}/sub` });
    expect(await t.json('terminal', { command: 'pwd', workdir: '/' })).toMatchObject({ output: '/\n' });
    expect(await t.json('terminal', { command: 'pwd', workdir: 'deeper' })).toMatchObject({
      output: `${dir}/sub/deeper\n`,
    });
    expect(await t.json('terminal', { command: 'pwd' })).toMatchObject({ output: `${dir}/sub\n` });
  });

  it('kills the whole process tree on timeout and returns the partial output with a note', async () => {
    const t = tools();
    const result = await t.json<{ output: string; timed_out: boolean; exit_code: null }>('terminal', {
      command: 'echo started; sh -c "sleep 300 & sleep 300" & sleep 300',
      timeout: 1,
    });
    expect(result).toMatchObject({ timed_out: true, exit_code: null });
    expect(result.output.startsWith('started\n')).toBe(true);
    expect(result.output).toMatch(
      /\n\[Command timed out after 1s; its whole process group was killed[^\n]*\]$/,
    );
    expect(await settleProcesses(MARK, mark)).toEqual([]);
  });

  it('refuses a foreground timeout above the cap and points at background', async () => {
    const t = tools();
    expect(JSON.parse(await t.call('terminal', { command: 'true', timeout: 601 })).error).toMatch(/600/);
  });

  it('caps the output head and tail with a marker', async () => {
    const t = tools({ maxOutputChars: 1000 });
    const result = await t.json<{ output: string; truncated: boolean }>('terminal', {
      command: 'i=0; while [ $i -lt 3000 ]; do echo "line $i"; i=$((i+1)); done',
    });
    expect(result.truncated).toBe(true);
    expect(result.output.startsWith('line 0\nline 1\n')).toBe(true);
    expect(result.output.endsWith('line 2999\n')).toBe(true);
    expect(result.output).toMatch(
      /output truncated: \d+ characters cut; showing the first 400 and the last 600/,
    );
  });

  it('forwards live output to onOutput and stops on the abort signal', async () => {
    const t = tools();
    const chunks: string[] = [];
    const controller = new AbortController();
    const pending = t.json(
      'terminal',
      { command: 'echo go; sleep 300' },
      {
        signal: controller.signal,
        onOutput: (chunk) => chunks.push(chunk),
      },
    );
    await until(() => chunks.join('').includes('go'));
    controller.abort();
    expect(await pending).toMatchObject({ cancelled: true, exit_code: null });
  });

  it('runs in a PTY in the foreground', async () => {
    const t = tools();
    expect(await t.json('terminal', { command: 'test -t 1 && echo tty', pty: true })).toMatchObject({
      output: 'tty\r\n',
      exit_code: 0,
    });
    expect(await t.json('terminal', { command: 'test -t 1 || echo pipe' })).toMatchObject({
      output: 'pipe\n',
    });
  });

  it('passes every command, foreground and background, through the gate with the call identity', async () => {
    const t = tools();
    await t.call('terminal', { command: 'true' }, { toolCallId: 'c-fg', sessionId: 's-9' });
    await t.call('terminal', { command: 'sleep 1', background: true }, { toolCallId: 'c-bg' });
    expect(gate.checks.map((c) => [c.command, c.toolCallId, c.taskId])).toEqual([
      ['true', 'c-fg', 'task-1'],
      ['sleep 1', 'c-bg', 'task-1'],
    ]);
    expect(gate.checks[0]?.sessionId).toBe('s-9');
  });

  it('runs nothing when the gate denies or blocks, in the foreground or background', async () => {
    const t = tools();
    gate.decide = refusing(/touch/);
    const denied = join(dir, 'denied-file');
    expect(await t.json('terminal', { command: `touch ${denied}` })).toEqual({
      error: 'the user denied this command',
      approval: 'denied',
    });
    gate.decide = refusing(/touch/, true);
    expect(await t.json('terminal', { command: `touch ${denied}`, background: true })).toEqual({
      error: 'blocked by a hardline rule',
      approval: 'blocked',
    });
    expect(await t.outcome('terminal', { command: `touch ${denied}` })).toMatchObject({
      ok: false,
      refusal: 'blocked',
    });
    await t.json('terminal', { command: 'sleep 0.2' });
    expect(existsSync(denied)).toBe(false);
    expect(terminal.processes.list()).toEqual([]);
  });
});

describe('process tool', () => {
  it('lists, polls, writes to, reads the log of, waits for and kills background processes', async () => {
    const t = tools();
    const first = await t.json<{ process_id: string; status: string }>('terminal', {
      command: 'echo ready; read line; echo "got $line"; sleep 300',
      background: true,
    });
    expect(first).toMatchObject({ status: 'started', process_id: 'proc_1' });
    const list = await t.json<{ processes: { process_id: string; status: string }[] }>('process', {
      action: 'list',
    });
    expect(list.processes.map((p) => [p.process_id, p.status])).toEqual([['proc_1', 'running']]);
    await until(() => terminal.processes.get('proc_1').outputChars > 0);
    expect(await t.json('process', { action: 'poll', process_id: 'proc_1' })).toMatchObject({
      output: 'ready\n',
      status: 'running',
    });
    expect(await t.json('process', { action: 'write', process_id: 'proc_1', data: 'hello\n' })).toEqual({
      process_id: 'proc_1',
      written_chars: 6,
    });
    await until(() => terminal.processes.log('proc_1').text.includes('got hello'));
    expect(
      await t.json('process', { action: 'log', process_id: 'proc_1', offset: 1, limit: 1 }),
    ).toMatchObject({
      output: 'got hello',
      total_lines: 2,
    });
    expect(await t.json('process', { action: 'wait', process_id: 'proc_1', timeout: 1 })).toMatchObject({
      timed_out: true,
      status: 'running',
    });
    expect(await t.json('process', { action: 'kill', process_id: 'proc_1' })).toMatchObject({
      status: 'killed',
    });
    expect(
      JSON.parse(await t.call('process', { action: 'write', process_id: 'proc_1', data: 'x' })).error,
    ).toMatch(/already exited/);
  });

  it('closes stdin and waits for the exit', async () => {
    const t = tools();
    await t.call('terminal', { command: 'cat; echo done', background: true });
    await t.call('process', { action: 'write', process_id: 'proc_1', data: 'abc\n' });
    expect(await t.json('process', { action: 'close_stdin', process_id: 'proc_1' })).toEqual({
      process_id: 'proc_1',
      stdin: 'closed',
    });
    expect(await t.json('process', { action: 'wait', process_id: 'proc_1', timeout: 30 })).toMatchObject({
      timed_out: false,
      status: 'exited',
      exit_code: 0,
      output_tail: 'abc\ndone\n',
    });
  });

  it("keeps a task away from another task's processes", async () => {
    const t = tools();
    await t.call('terminal', { command: 'sleep 300', background: true }, { taskId: 'owner' });
    expect(await t.json('process', { action: 'list' }, { taskId: 'intruder' })).toEqual({ processes: [] });
    for (const action of ['kill', 'poll', 'write', 'log'])
      expect(
        await t.json('process', { action, process_id: 'proc_1', data: 'x' }, { taskId: 'intruder' }),
      ).toEqual({
        error: 'no background process with id proc_1',
      });
    expect(terminal.processes.get('proc_1').status).toBe('running');
    terminal.registerTask('helper', { parentTaskId: 'owner' });
    const shared = await t.json<{ processes: unknown[] }>(
      'process',
      { action: 'list' },
      { taskId: 'helper' },
    );
    expect(shared.processes).toHaveLength(1);
  });

  it('runs PTY processes in the background', async () => {
    const t = tools();
    await t.call('terminal', { command: 'read a; test -t 0 && echo "tty $a"', background: true, pty: true });
    await t.call('process', { action: 'write', process_id: 'proc_1', data: 'yes\r' });
    const waited = await t.json<{ output_tail: string }>('process', {
      action: 'wait',
      process_id: 'proc_1',
      timeout: 30,
    });
    expect(waited.output_tail).toContain('tty yes');
  });
});
