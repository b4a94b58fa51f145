import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { McpServerSchema } from '../config/schema';
import { McpManager } from '../mcp/manager';
import { ctx, newRuntime } from '../runtime/testing/fixtures';
import { MARK, newMark, until } from '../terminal/testing/backendScenarios';
import { processesWithEnv } from '../terminal/testing/procs';
import { Sandbox } from './sandbox';

const require = createRequire(import.meta.url);
let root: string;
let manager: McpManager | undefined;
let sandbox: Sandbox | undefined;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'caduceus-mcp-sandbox-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});
afterEach(async () => {
  await manager?.closeAll();
  manager = undefined;
  await sandbox?.dispose();
  sandbox = undefined;
});

/** The reference filesystem server, allowed (by its own rules) to write `dir`. */
function filesystemServer(dir: string, sandbox: boolean) {
  const entry = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
  return McpServerSchema.parse({ command: process.execPath, args: [entry, dir], timeout: 30, sandbox });
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe('MCP stdio servers with sandbox: true', () => {
  it('run inside the sandbox: the workspace is writable, the rest is not', async () => {
    const workspace = join(root, 'ws');
    const outside = join(root, 'outside');
    await mkdir(workspace, { recursive: true });
    await mkdir(outside, { recursive: true });
    const { runtime, logger } = newRuntime();
    sandbox = new Sandbox({}, { caduceusHome: join(root, 'home') });
    manager = new McpManager(runtime.registry, logger, { sandbox: { sandbox, workspace } });
    const statuses = await manager.connectAll({
      boxed: filesystemServer(root, true),
      bare: filesystemServer(root, false),
    });
    expect(statuses.map((s) => s.state)).toEqual(['connected', 'connected']);
    const write = (server: string, path: string) =>
      runtime.handleFunctionCall(`mcp_${server}_write_file`, { path, content: 'x' }, ctx).then((o) => o.text);
    expect(await write('boxed', join(outside, 'boxed.txt'))).toMatch(/read-only file system/i);
    expect(await exists(join(outside, 'boxed.txt'))).toBe(false);
    await write('boxed', join(workspace, 'boxed.txt'));
    expect(await exists(join(workspace, 'boxed.txt'))).toBe(true);
    await write('bare', join(outside, 'bare.txt'));
    expect(await exists(join(outside, 'bare.txt'))).toBe(true);
  });

  it('are held to the process limit: a fork loop ends the server, and says why in the log', async () => {
    const { runtime, logger } = newRuntime();
    sandbox = new Sandbox(
      { limits: { processes: 50 } },
      { caduceusHome: join(root, 'home'), pidsCgroups: false },
    );
    manager = new McpManager(runtime.registry, logger, { sandbox: { sandbox, workspace: root } });
    const mark = newMark();
    const entry = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
    const bomb = `python3 -c 'import os, time\ntime.sleep(1)\nwhile True: os.fork()'`;
    const server = McpServerSchema.parse({
      command: '/bin/sh',
      args: ['-c', `${bomb} & exec "${process.execPath}" "${entry}" "${root}"`],
      env: { [MARK]: mark },
      timeout: 30,
      sandbox: true,
    });
    const [status] = await manager.connectAll({ forks: server });
    expect(status?.state).toBe('connected');
    let left = [0];
    try {
      await until(() => {
        void processesWithEnv(MARK, mark).then((pids) => (left = pids));
        return logger.messages.some((m) => m.message.includes('process limit of 50')) && left.length === 0;
      }, 30_000);
    } finally {
      for (let round = 0; round < 50 && left.length > 0; round++) {
        for (const pid of (left = await processesWithEnv(MARK, mark)))
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // gone meanwhile
          }
      }
    }
  }, 60_000);

  it('fails to connect, saying why, when the sandbox cannot start', async () => {
    const { runtime, logger } = newRuntime();
    sandbox = new Sandbox({}, { caduceusHome: join(root, 'home'), which: () => undefined });
    manager = new McpManager(runtime.registry, logger, { sandbox: { sandbox, workspace: root } });
    const [status] = await manager.connectAll({ boxed: filesystemServer(root, true) });
    expect(status?.state).toBe('failed');
    expect(status?.error).toContain('bubblewrap');
  });
});
