import { PassThrough } from 'node:stream';
import type { Io } from './args';

/** An in-memory Io for running CLI commands in tests. */
export function memoryIo(env: NodeJS.ProcessEnv, cwd: string) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  stdout.on('data', (c: Buffer) => out.push(c.toString()));
  stderr.on('data', (c: Buffer) => err.push(c.toString()));
  const io: Io = { stdout, stderr, stdin: new PassThrough(), env, cwd };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}
