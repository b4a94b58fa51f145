/**
 * A stand-in for the slice of Daytona's SDK the backend uses: session commands run as local
 * processes (each leading its own session), PTYs as local node-pty shells; every call is recorded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as pty from 'node-pty';
import type { DaytonaProcessLike, DaytonaSandboxLike, DaytonaSdk } from '../backends/daytonaSdk';
import { SandboxTmp } from './sandboxTmp';

export interface DaytonaCall {
  method: string;
  args: unknown[];
}

function sandboxProcess(calls: DaytonaCall[], tmp: SandboxTmp): DaytonaProcessLike {
  const commands = new Map<string, ChildProcess>();
  const exits = new Map<string, Promise<number | null>>();
  let next = 0;
  const start = (command: string): string => {
    const id = `cmd-${next++}`;
    const child = spawn('/bin/sh', ['-c', command], { detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin?.on('error', () => undefined);
    commands.set(id, child);
    exits.set(id, new Promise((resolve) => child.once('close', (code) => resolve(code))));
    return id;
  };
  return {
    createSession: async (id) => void calls.push({ method: 'createSession', args: [id] }),
    deleteSession: async (id) => void calls.push({ method: 'deleteSession', args: [id] }),
    executeSessionCommand: async (sessionId, request) => {
      calls.push({ method: 'executeSessionCommand', args: [sessionId, request] });
      tmp.saw(request.command);
      const cmdId = start(request.command);
      return request.runAsync ? { cmdId } : { cmdId, exitCode: await exits.get(cmdId) };
    },
    getSessionCommandLogs: async (_sessionId, commandId, onStdout, onStderr) => {
      const child = commands.get(commandId);
      child?.stdout?.on('data', (chunk: Buffer) => onStdout(chunk.toString()));
      child?.stderr?.on('data', (chunk: Buffer) => onStderr(chunk.toString()));
      await exits.get(commandId);
    },
    getSessionCommand: async (_sessionId, commandId) => ({ exitCode: await exits.get(commandId) }),
    sendSessionCommandInput: async (_sessionId, commandId, data) =>
      void commands.get(commandId)?.stdin?.write(data),
    createPty: async (options) => {
      calls.push({ method: 'createPty', args: [{ id: options.id, cols: options.cols, rows: options.rows }] });
      const term = pty.spawn('/bin/sh', [], {
        cols: options.cols ?? 80,
        rows: options.rows ?? 24,
        env: { ...process.env, PS1: '$ ' },
      });
      term.onData((data) => options.onData(Buffer.from(data)));
      const exited = new Promise<{ exitCode: number }>((resolve) =>
        term.onExit(({ exitCode }) => resolve({ exitCode })),
      );
      return {
        waitForConnection: async () => undefined,
        sendInput: async (data: string) => term.write(data),
        resize: async (cols: number, rows: number) => term.resize(cols, rows),
        wait: () => exited,
        kill: async () => term.kill('SIGKILL'),
        disconnect: async () => undefined,
      };
    },
  };
}

export function fakeDaytonaSdk(
  calls: DaytonaCall[],
  existing = new Map<string, DaytonaSandboxLike>(),
): DaytonaSdk {
  class Daytona {
    constructor(config?: object) {
      calls.push({ method: 'new Daytona', args: [config] });
    }
    async create(params: { labels?: Record<string, string> } = {}): Promise<DaytonaSandboxLike> {
      calls.push({ method: 'create', args: [params] });
      const key = JSON.stringify(params.labels ?? {});
      const tmp = new SandboxTmp();
      const sandbox: DaytonaSandboxLike = {
        id: `sandbox-${existing.size}`,
        process: sandboxProcess(calls, tmp),
        delete: async () => {
          calls.push({ method: 'delete', args: [sandbox.id] });
          existing.delete(key);
          tmp.clear();
        },
      };
      existing.set(key, sandbox);
      return sandbox;
    }
    async findOne(filter: { labels?: Record<string, string> }): Promise<DaytonaSandboxLike> {
      calls.push({ method: 'findOne', args: [filter] });
      const found = existing.get(JSON.stringify(filter.labels ?? {}));
      if (!found) throw new Error('No sandbox found');
      return found;
    }
  }
  return { Daytona };
}
