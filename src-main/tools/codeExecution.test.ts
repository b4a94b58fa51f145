import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newRuntime } from '../runtime/testing/fixtures';
import type { TerminalService } from '../terminal/service';
import { settleProcesses } from '../terminal/testing/procs';
import * as codeModule from './codeExecution';
import * as fileModule from './file';
import * as terminalModule from './terminal';
import { fakeGate, localTerminal, MARK, refusing, type FakeGate } from './testing/terminal';
import type { ToolServices } from './toolModule';

/** A script timeout its start-up cannot use up, even on a loaded machine. */
const SLOW_START_TIMEOUT_S = 5;

let dir: string;
let terminal: TerminalService;
let mark: string;
let gate: FakeGate;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-code-tool-'));
  await writeFile(join(dir, 'data.txt'), 'first\nsecond\n');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await terminal.shutdown();
  expect(await settleProcesses(MARK, mark)).toEqual([]);
});

/** execute_code, file and terminal tools in one runtime, the runtime's dispatch serving the scripts. */
function setup(config: object = {}, options: { dispatch?: boolean } = {}) {
  ({ terminal, mark } = localTerminal(dir, config));
  gate = fakeGate();
  const { runtime, logger } = newRuntime();
  const services: ToolServices = {
    terminal,
    commandGate: gate.gate,
    ...(options.dispatch !== false
      ? { dispatchTool: (name, args, ctx) => runtime.handleFunctionCall(name, args, ctx) }
      : {}),
  };
  for (const module of [codeModule, fileModule, terminalModule])
    module.registerTools({ registry: runtime.registry, logger, services });
  const ctx = { taskId: 'task-1', sessionId: 'session-1', toolCallId: 'call-1' };
  const run = async (language: string, code: string, extra: object = {}) =>
    JSON.parse(
      (await runtime.handleFunctionCall('execute_code', { language, code, ...extra }, ctx)).text,
    ) as Record<string, unknown>;
  return { runtime, run };
}

describe('execute_code', () => {
  it('runs Python in the task cwd, and the script calls read_file through the tool channel', async () => {
    const { run } = setup();
    const code = [
      'import json, os',
      'print(os.getcwd())',
      'result = json.loads(tools.read_file(path="data.txt"))',
      'print(result["total_lines"], result["content"].splitlines()[1])',
    ].join('\n');
    expect(await run('python', code)).toEqual({
      output: `${dir}\n2      2|second\n`,
      exit_code: 0,
      tool_calls: 1,
    });
  });

  it('runs Node scripts, ESM or CommonJS, with the same tools object', async () => {
    const { run } = setup();
    const esm =
      'const r = JSON.parse(await tools.read_file({ path: "data.txt", limit: 1 }));\nconsole.log(r.content);';
    expect(await run('node', esm)).toMatchObject({ output: '     1|first\n', exit_code: 0, tool_calls: 1 });
    const cjs =
      'const os = require("node:os");\ntools.search_files({ pattern: "sec" }).then((r) => console.log(JSON.parse(r).count));';
    expect(await run('node', cjs)).toMatchObject({ output: '1\n', tool_calls: 1 });
  });

  it('refuses tools outside the callable list, and terminal calls pass the gate again', async () => {
    const { run } = setup();
    const code = [
      'for name in ["execute_code", "process"]:',
      '    try:',
      '        tools.call(name, action="list")',
      '    except tools.ToolError as error:',
      '        print("refused:", error)',
      'print(tools.terminal(command="echo nested"))',
    ].join('\n');
    const result = await run('python', code);
    expect(result.output).toMatch(
      /^refused: execute_code cannot be called from execute_code; the script may call: read_file, /,
    );
    expect(result.output).toMatch(/\nrefused: process cannot be called/);
    expect(result.output).toContain('{"output":"nested\\n","exit_code":0}');
    expect(result.tool_calls).toBe(1);
    expect(gate.checks.map((c) => c.command)).toEqual([
      `python3 -c '${code.replace(/'/g, `'\\''`)}'`,
      'echo nested',
    ]);
  });

  it('runs nothing when the gate denies the script', async () => {
    const { run } = setup();
    gate.decide = refusing(/made-by-script/);
    const marker = join(dir, 'made-by-script');
    expect(await run('python', `open(${JSON.stringify(marker)}, "w").write("x")`)).toEqual({
      error: 'the user denied this command',
      approval: 'denied',
    });
    gate.decide = refusing(/made-by-script/, true);
    expect(await run('node', `require("fs").writeFileSync(${JSON.stringify(marker)}, "x")`)).toMatchObject({
      approval: 'blocked',
    });
    expect(existsSync(marker)).toBe(false);
  });

  it('kills a script that runs past its timeout, with its children, and keeps the partial output', async () => {
    const { run } = setup();
    const code =
      'import subprocess, time\nsubprocess.Popen(["sleep", "300"])\nprint("begun")\ntime.sleep(300)';
    // The timeout counts from the spawn, so it covers the shell's and the interpreter's start-up
    // (python3 may be a pyenv shim): on a busy machine that alone can take more than a second.
    const result = await run('python', code, { timeout: SLOW_START_TIMEOUT_S });
    expect(result).toMatchObject({ timed_out: true, exit_code: null });
    expect(String(result.output).startsWith('begun\n')).toBe(true);
    expect(String(result.output)).toMatch(
      new RegExp(
        `\\n\\[Command timed out after ${SLOW_START_TIMEOUT_S}s; its whole process group was killed[^\\n]*\\]$`,
      ),
    );
    expect(await settleProcesses(MARK, mark)).toEqual([]);
  });

  it('caps the output with a marker and removes its scratch files', async () => {
    const { run } = setup({ maxOutputChars: 1000 });
    const result = await run(
      'python',
      'import os\nprint(os.path.dirname(__file__))\nfor i in range(3000): print("line", i)',
    );
    expect(result.truncated).toBe(true);
    const output = String(result.output);
    expect(output).toMatch(/output truncated: \d+ characters cut/);
    expect(output.endsWith('line 2999\n')).toBe(true);
    const scratch = output.split('\n')[0] ?? '';
    expect(scratch).toMatch(/caduceus-code-/);
    expect(existsSync(scratch)).toBe(false);
  });

  it('runs without tool access when there is no dispatcher, and says so', async () => {
    const { run } = setup({}, { dispatch: false });
    const code =
      'try:\n    tools.read_file(path="data.txt")\nexcept tools.ToolError as error:\n    print(error)';
    expect(await run('python', code)).toEqual({
      output: 'The script ran without tool access: no tool dispatcher is configured.\n',
      exit_code: 0,
      tool_calls: 0,
      note: 'The script ran without tool access: no tool dispatcher is configured.',
    });
  });

  it('lists only the callable tools that are offered in its schema', async () => {
    const { runtime } = setup();
    const definitions = await runtime.getToolDefinitions();
    const description = definitions.find((d) => d.function.name === 'execute_code')?.function.description;
    expect(description).toMatch(
      /Tools the script may call: read_file, write_file, patch, search_files, terminal\. For example: Python `tools\.read_file\(/,
    );
  });
});
