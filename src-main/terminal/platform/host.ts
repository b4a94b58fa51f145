/**
 * What the terminal layer needs to know about the machine it runs on, as one injectable
 * object: tests hand in a fake win32 or darwin host and the real code paths run on Linux.
 */
import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { homedir } from 'node:os';

export interface RunResult {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  /** The process was killed because it outlived the timeout. */
  timedOut: boolean;
  /** It could not be started at all. */
  error?: string;
}

export interface RunOptions {
  env?: Record<string, string>;
  timeoutMs?: number;
}

export interface Host {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  homedir: string;
  /** Whether `path` exists and may be executed (on Windows: exists). */
  isExecutable(path: string): Promise<boolean>;
  /** Runs a program to completion, killing its process tree when the timeout passes. */
  run(file: string, args: readonly string[], options?: RunOptions): Promise<RunResult>;
}

export function realHost(): Host {
  return {
    platform: process.platform,
    env: process.env,
    homedir: homedir(),
    isExecutable: (path) =>
      access(path, process.platform === 'win32' ? constants.F_OK : constants.X_OK).then(
        () => true,
        () => false,
      ),
    run: runProgram,
  };
}

export function runProgram(
  file: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<RunResult> {
  return new Promise((resolve) => {
    const windows = process.platform === 'win32';
    // Its own process group, so a timeout kills what the program started too.
    const child = spawn(file, args, {
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: !windows,
      windowsHide: true,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    let timedOut = false;
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            if (child.pid === undefined) return;
            if (windows) spawn('taskkill', ['/pid', String(child.pid), '/T', '/F'], { windowsHide: true });
            else {
              try {
                process.kill(-child.pid, 'SIGKILL');
              } catch {
                child.kill('SIGKILL');
              }
            }
          }, options.timeoutMs);
    const finish = (exitCode: number | null, error?: string): void => {
      if (timer) clearTimeout(timer);
      resolve({
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        exitCode,
        timedOut,
        ...(error === undefined ? {} : { error }),
      });
    };
    child.on('error', (error) => finish(null, error.message));
    child.on('close', (code) => finish(code));
  });
}
