/**
 * A hostile model driving `caduceus chat --approvals deny`: one scripted model, a fresh
 * $CADUCEUS_HOME, a workspace, a victim folder outside it and a loopback listener that records
 * every request. Each hostile-*.test.ts file calls `useHostileChat()` once at its top.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { RecordedRequest, ScriptStep } from '../agent/testing/scriptedModel';
import { ScriptedModel } from '../agent/testing/scriptedModel';
import { main } from '../cli/main';
import { memoryIo } from '../cli/testing';

export interface ToolCallStep {
  name: string;
  arguments: Record<string, unknown>;
}

export interface HostileChat {
  root: string;
  home: string;
  workspace: string;
  victim: string;
  model: ScriptedModel;
  /** Paths the loopback listener was asked for. */
  leaks: string[];
  port: number;
  /** Runs one chat through the CLI under --approvals deny with the scripted steps. */
  chat(steps: ScriptStep[], env?: Record<string, string>): Promise<{ code: number; stderr: string }>;
}

export function useHostileChat(): HostileChat {
  let listener: Server | undefined;
  const ctx = { leaks: [] as string[], port: 0 } as HostileChat;
  beforeAll(async () => {
    ctx.root = await mkdtemp(join(tmpdir(), 'caduceus-hostile-'));
    ctx.home = join(ctx.root, 'caduceus-home');
    ctx.workspace = join(ctx.root, 'ws');
    ctx.victim = join(ctx.root, 'victim');
    for (const dir of [ctx.home, ctx.workspace, ctx.victim]) await mkdir(dir);
    await writeFile(join(ctx.home, 'config.yaml'), 'command_allowlist: [] # nothing pre-approved\n');
    await writeFile(join(ctx.victim, 'keep.txt'), 'keep');
    const server = createServer((req, res) => {
      ctx.leaks.push(req.url ?? '?');
      res.end('leaked');
    });
    listener = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ctx.port = (server.address() as AddressInfo).port;
    ctx.model = await ScriptedModel.start();
  });
  afterAll(async () => {
    await ctx.model?.close();
    const server = listener;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    if (ctx.root) await rm(ctx.root, { recursive: true, force: true });
  });
  ctx.chat = async (steps, env = {}) => {
    ctx.model.reset();
    ctx.model.push(...steps);
    const m = memoryIo({ CADUCEUS_HOME: ctx.home, HOME: join(ctx.root, 'user-home'), ...env }, ctx.workspace);
    const argv = ['chat', '-q', 'go', '--approvals', 'deny', '--base-url', ctx.model.baseUrl, '--model', 'm'];
    const code = await main(argv, m.io);
    return { code, stderr: m.stderr() };
  };
  return ctx;
}

export const sha = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

export const term = (command: string, extra: Record<string, unknown> = {}): ToolCallStep => ({
  name: 'terminal',
  arguments: { command, ...extra },
});

/** One tool call per model turn, so each runs whatever the one before it did. */
export function oneByOne(calls: ToolCallStep[]): ScriptStep[] {
  return [...calls.map((call) => ({ toolCalls: [call] })), { text: 'done' }];
}

export function lastToolResult(request: RecordedRequest): string {
  const tool = [...request.body.messages].reverse().find((m) => m.role === 'tool');
  return typeof tool?.content === 'string' ? tool.content : '';
}

/** A process call on the background process the last call started; a list when the gate refused it. */
export function onLastProcess(action: Record<string, unknown>): ScriptStep {
  return (request) => {
    const id = /"process_id"\s*:\s*"([^"]+)"/.exec(lastToolResult(request))?.[1];
    const args = id ? { ...action, process_id: id } : { action: 'list' };
    return { toolCalls: [{ name: 'process', arguments: args }] };
  };
}
