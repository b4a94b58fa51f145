/** FileAccess for every backend that is not this machine: short shell programs run by the backend. */
import { randomBytes } from 'node:crypto';
import { posix } from 'node:path';
import type { Environment } from '../../terminal/environment';
import { runToCompletion } from '../../terminal/exec';
import { shQuote } from '../../../src-shared/shellQuote';
import type { ExecResult } from '../../terminal/types';
import type { FileAccess, ReadOutcome, SearchOutcome, SearchRequest } from './accessTypes';
import { parseSearchLines } from './searchOutput';
import { readScript, searchScript, targetScript, tempDirScript, writeScript } from './shellScripts';

const OPERATION_TIMEOUT_MS = 60_000;
const SEARCH_TIMEOUT_MS = 120_000;

interface ShOptions {
  stdin?: string;
  maxOutputChars?: number;
  timeoutMs?: number;
}

export class ShellFileAccess implements FileAccess {
  constructor(
    private readonly environment: Environment,
    private readonly signal?: AbortSignal,
  ) {}

  async read(path: string, maxBytes: number): Promise<ReadOutcome> {
    // Base64 keeps every byte intact through a text channel; 4/3 of the size plus line breaks.
    const result = await this.sh(readScript(path, maxBytes), {
      maxOutputChars: Math.ceil(maxBytes * 1.4) + 1024,
    });
    const [head = '', ...rest] = this.ok(result, `read ${path}`).split('\n');
    if (head === 'missing' || head === 'directory' || head === 'special' || head === 'unreadable') {
      return { kind: head };
    }
    const size = /^file (\d+)$/.exec(head.trim())?.[1];
    if (size === undefined) throw new Error(`could not read ${path}: ${result.output.slice(0, 500)}`);
    if (Number(size) > maxBytes) return { kind: 'file', size: Number(size) };
    const data = Buffer.from(rest.join(''), 'base64');
    return { kind: 'file', size: data.length, data };
  }

  async writeTarget(path: string): Promise<string> {
    const target = this.ok(await this.sh(targetScript(path)), `resolve ${path}`).trim();
    return target.startsWith('/') ? posix.normalize(target) : path;
  }

  async write(path: string, data: Uint8Array): Promise<{ created: boolean }> {
    const dir = posix.dirname(path);
    const temp = posix.join(dir, `.${posix.basename(path)}.${randomBytes(4).toString('hex')}.tmp`);
    const result = await this.sh(writeScript(path, dir, temp), {
      stdin: Buffer.from(data).toString('base64'),
    });
    const output = this.ok(result, `write ${path}`).trim();
    const done = /ok ([01])$/.exec(output);
    if (!done) throw new Error(`could not write ${path}: ${output.slice(0, 500)}`);
    return { created: done[1] === '0' };
  }

  async search(request: SearchRequest): Promise<SearchOutcome> {
    const result = await this.sh(searchScript(request), {
      timeoutMs: SEARCH_TIMEOUT_MS,
      maxOutputChars: 4_000_000,
    });
    const [first = '', ...lines] = this.ok(result, 'search').split('\n');
    return parseSearchLines(request, lines, first === 'engine ripgrep' ? 'ripgrep' : 'posix');
  }

  async makeTempDir(): Promise<string> {
    const name = `caduceus-code-${randomBytes(6).toString('hex')}`;
    const dir = this.ok(await this.sh(tempDirScript(name)), 'create a temporary directory').trim();
    if (!dir.startsWith('/')) throw new Error(`could not create a temporary directory: ${dir}`);
    return dir;
  }

  async remove(path: string): Promise<void> {
    this.ok(await this.sh(`rm -rf -- ${shQuote(path)}`), `remove ${path}`);
  }

  private async sh(script: string, options: ShOptions = {}): Promise<ExecResult> {
    const { backend, env } = this.environment;
    const run = {
      timeoutMs: options.timeoutMs ?? OPERATION_TIMEOUT_MS,
      signal: this.signal,
      maxOutputChars: options.maxOutputChars ?? 100_000,
    };
    if (options.stdin === undefined) return backend.exec({ command: script, env, ...run });
    const handle = await backend.spawn({ command: script, env, stdin: true });
    const done = runToCompletion(handle, run);
    handle.write(options.stdin);
    handle.closeStdin();
    return done;
  }

  /** The output of a program that succeeded; otherwise throws with what it said. */
  private ok(result: ExecResult, what: string): string {
    if (result.timedOut) throw new Error(`could not ${what}: timed out`);
    if (result.cancelled) throw new Error(`could not ${what}: cancelled`);
    if (result.exitCode !== 0) {
      const detail =
        result.error ?? (result.output.trim().slice(0, 500) || `exit code ${String(result.exitCode)}`);
      throw new Error(`could not ${what}: ${detail}`);
    }
    return result.output;
  }
}
