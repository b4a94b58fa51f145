/**
 * Asks the wrap worker (linuxWrapWorker.ts) to wrap a command or to clean its mount points up.
 * Started on first use; one that died is started again by the next request.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FromWrapWorker, LinuxWrapParams, ToWrapWorker, WrapWorkerData } from './linuxWrapProtocol';
import { processFolder } from './processFolder';

/** The built worker sits beside the bundle (dist/, dist/electron/); from source, tsx runs it. */
function workerEntry(): { url: URL; execArgv: string[] } {
  return import.meta.url.endsWith('.ts')
    ? { url: new URL('./linuxWrapWorker.ts', import.meta.url), execArgv: ['--import', 'tsx'] }
    : { url: new URL('./linuxWrapWorker.mjs', import.meta.url), execArgv: [] };
}

interface Pending {
  resolve: (answer: FromWrapWorker) => void;
  reject: (error: Error) => void;
}

export class LinuxWrapper {
  private worker: Worker | undefined;
  private cwd: string | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  async wrap(params: LinuxWrapParams): Promise<string> {
    const answer = await this.ask((id) => ({ t: 'wrap', id, params }));
    if (answer.command === undefined)
      throw new Error(answer.error ?? 'the sandbox could not wrap the command');
    return answer.command;
  }

  async cleanup(): Promise<void> {
    await this.ask((id) => ({ t: 'cleanup', id }));
  }

  async dispose(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
    if (this.cwd) rmSync(this.cwd, { recursive: true, force: true });
    this.cwd = undefined;
  }

  private ask(message: (id: number) => ToWrapWorker): Promise<FromWrapWorker> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.start().postMessage(message(id));
      this.worker?.ref();
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const { url, execArgv } = workerEntry();
    this.cwd ??= mkdtempSync(join(processFolder(), 'wrap-'));
    const workerData: WrapWorkerData = { cwd: this.cwd };
    const worker = new Worker(url, { execArgv, workerData });
    worker.on('message', (answer: FromWrapWorker) => {
      this.pending.get(answer.id)?.resolve(answer);
      this.pending.delete(answer.id);
      // Idle, it keeps no process alive.
      if (this.pending.size === 0) worker.unref();
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const request of this.pending.values()) request.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the sandbox's wrap worker exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}
