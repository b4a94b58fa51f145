/**
 * A stand-in for the slice of Modal's SDK the backend uses, running "sandbox" execs as local
 * processes (each leads its own session, as an exec in a container does) and recording every call.
 */
import { spawn } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import type { ModalExecParams, ModalProcessLike, ModalSandboxLike, ModalSdk } from '../backends/modalSdk';
import { SandboxTmp } from './sandboxTmp';

export interface ModalCall {
  method: string;
  args: unknown[];
}

export function fakeModalSdk(calls: ModalCall[], existing = new Map<string, ModalSandboxLike>()): ModalSdk {
  const sandbox = (name: string): ModalSandboxLike => {
    const tmp = new SandboxTmp();
    return {
      sandboxId: `sb-${name}`,
      exec: async (command: string[], params: ModalExecParams = {}) => {
        calls.push({ method: 'exec', args: [command, params] });
        tmp.saw(command.join(' '));
        return localProcess(command, params);
      },
      terminate: async () => {
        calls.push({ method: 'terminate', args: [name] });
        existing.delete(name);
        tmp.clear();
      },
    };
  };
  class ModalClient {
    constructor(params?: object) {
      calls.push({ method: 'new ModalClient', args: [params] });
    }
    apps = { fromName: async (name: string, params?: object) => ({ app: name, params }) };
    images = { fromRegistry: (tag: string) => ({ image: tag }) };
    sandboxes = {
      create: async (app: unknown, image: unknown, params: { name?: string } = {}) => {
        calls.push({ method: 'sandboxes.create', args: [app, image, params] });
        const created = sandbox(params.name ?? 'unnamed');
        existing.set(params.name ?? 'unnamed', created);
        return created;
      },
      fromName: async (appName: string, name: string) => {
        calls.push({ method: 'sandboxes.fromName', args: [appName, name] });
        const found = existing.get(name);
        if (!found) throw new Error(`Sandbox ${name} not found`);
        return found;
      },
    };
  }
  return { ModalClient };
}

function localProcess(command: string[], params: ModalExecParams): ModalProcessLike {
  const [file = '/bin/false', ...args] = command;
  const child = spawn(file, args, {
    detached: true,
    stdio: [
      'pipe',
      params.stdout === 'ignore' ? 'ignore' : 'pipe',
      params.stderr === 'ignore' ? 'ignore' : 'pipe',
    ],
    env: { ...process.env, ...params.env },
    cwd: params.workdir,
  });
  const input = child.stdin;
  if (!input) throw new Error('stdin is piped');
  input.on('error', () => undefined);
  const empty = (): ReadableStream<Uint8Array> =>
    new ReadableStream({ start: (controller) => controller.close() });
  const stdin = Writable.toWeb(input) as WritableStream<string | Uint8Array>;
  return {
    stdin: Object.assign(stdin, {
      writeText: async (text: string) => {
        const writer = stdin.getWriter();
        await writer.write(Buffer.from(text));
        writer.releaseLock();
      },
    }),
    stdout: child.stdout ? (Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>) : empty(),
    stderr: child.stderr ? (Readable.toWeb(child.stderr) as ReadableStream<Uint8Array>) : empty(),
    wait: () =>
      new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 137 : 0)))),
  };
}
