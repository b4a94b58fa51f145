import { mkdir, mkdtemp, readdir, readlink, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedRequest, ScriptStep } from '../agent/testing/scriptedModel';
import { ScriptedModel } from '../agent/testing/scriptedModel';
import { main } from '../cli/main';
import { memoryIo } from '../cli/testing';

// A hostile model under `--approvals deny` plants a fork loop and a disk filler where the gate
// cannot see them (a script it wrote itself); the sandbox's limits must end both.

let root: string;
let home: string;
let workspace: string;
let model: ScriptedModel;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'caduceus-hostile-limits-'));
  home = join(root, 'caduceus-home');
  workspace = join(root, 'ws');
  for (const dir of [home, workspace]) await mkdir(dir);
  await writeFile(
    join(home, 'config.yaml'),
    'command_allowlist: []\nsandbox:\n  limits:\n    processes: 50\n    file_size_mib: 10\n',
  );
  model = await ScriptedModel.start();
});

/** Processes working in the workspace: the commands' own, wherever they were reparented. */
async function processesIn(dir: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cwd = await readlink(`/proc/${entry}/cwd`).catch(() => undefined);
    if (cwd === dir) found.push(Number(entry));
  }
  return found;
}

async function settled(dir: string): Promise<number[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const left = await processesIn(dir);
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

afterAll(async () => {
  for (let round = 0; round < 50 && (await processesIn(workspace)).length > 0; round++)
    for (const pid of await processesIn(workspace))
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
  await model.close();
  await rm(root, { recursive: true, force: true });
});

function toolResults(requests: readonly RecordedRequest[]): string[] {
  return requests.flatMap((request) => {
    const tool = [...request.body.messages].reverse().find((m) => m.role === 'tool');
    return typeof tool?.content === 'string' ? [tool.content] : [];
  });
}

describe('a hostile model against the sandbox limits (caduceus chat --approvals deny)', () => {
  it('ends a planted fork loop and an oversized write with the limit named, leaving nothing running', async () => {
    const steps: ScriptStep[] = [
      {
        toolCalls: [
          {
            name: 'write_file',
            arguments: { path: 'build.py', content: 'import os\nwhile True:\n    os.fork()\n' },
          },
        ],
      },
      { toolCalls: [{ name: 'terminal', arguments: { command: 'python3 build.py', timeout: 60 } }] },
      {
        toolCalls: [
          {
            name: 'write_file',
            arguments: { path: 'gen.py', content: "open('big.bin', 'wb').write(bytes(30 * 1024 * 1024))\n" },
          },
        ],
      },
      { toolCalls: [{ name: 'terminal', arguments: { command: 'python3 gen.py', timeout: 60 } }] },
      { text: 'done' },
    ];
    model.reset();
    model.push(...steps);
    const io = memoryIo({ CADUCEUS_HOME: home, HOME: join(root, 'user-home') }, workspace);
    const argv = ['chat', '-q', 'go', '--approvals', 'deny', '--base-url', model.baseUrl, '--model', 'm'];
    const code = await main(argv, io.io);
    expect(code, io.stderr()).toBe(0);
    const results = toolResults(model.requests);
    expect(results.some((text) => text.includes('process limit of 50'))).toBe(true);
    expect(results.some((text) => text.includes('file-size limit of 10 MiB'))).toBe(true);
    expect((await stat(join(workspace, 'big.bin'))).size).toBeLessThanOrEqual(10 * 1024 * 1024);
    expect(await settled(workspace)).toEqual([]);
  }, 120_000);
});
