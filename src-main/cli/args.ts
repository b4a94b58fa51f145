import type { Readable, Writable } from 'node:stream';

/** Splits "a,b, c" into ["a", "b", "c"]; undefined stays undefined. */
export function csv(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export interface Io {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export function writeLine(stream: NodeJS.WritableStream, text: string): void {
  stream.write(`${text}\n`);
}
