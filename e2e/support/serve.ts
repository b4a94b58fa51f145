import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { atExit } from './atExit';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = `${ROOT}bin/caduceus.mjs`;
const CLI = `${ROOT}dist/cli.mjs`;

export interface ServeOptions {
  /** The model's OpenAI-compatible base URL (a ScriptedModel's); without one, serve starts with no model. */
  baseUrl?: string;
  /** CADUCEUS_HOME for this server. */
  home: string;
  /**
   * HOME for this server and the shells it opens, so an interactive shell reads no developer rc
   * files (a ~/.bashrc running `pyenv init` can hold the prompt for a minute on its lock).
   */
  userHome?: string;
  /** Working directory, and so the agent's default task directory. */
  cwd: string;
  /** More environment for serve (a $BROWSER, say). */
  env?: NodeJS.ProcessEnv;
  /** More arguments for `caduceus serve` (`--new-token`). */
  args?: string[];
}

export interface Served {
  /** The page URL with its token, as printed by `caduceus serve`. */
  url: string;
  /** serve's process id (its main process: bin/caduceus.mjs runs the CLI in-process). */
  pid: number;
  /** What serve wrote to stderr so far, for failure messages. */
  log(): string;
  /**
   * SIGTERM (or `signal`), then waits for exit (serve closes its PTYs first). Says how it ended:
   * `signal` is SIGKILL when it had to be killed, having not stopped within 10 s.
   */
  stop(signal?: NodeJS.Signals): Promise<Ended>;
}

/** Runs the real `caduceus serve` from the built CLI, as a user would. */
export async function startServe(options: ServeOptions): Promise<Served> {
  const model = options.baseUrl
    ? ['--base-url', options.baseUrl, '--model', 'scripted', '--api-key', 'test-key']
    : [];
  const child = spawnCli(['serve', ...model, ...(options.args ?? [])], options);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const url = await firstUrl(child, () => stderr);
  return { url, pid: child.pid ?? 0, log: () => stderr, stop: (signal) => stopChild(child, signal) };
}

/** Runs the built `caduceus` command with its own home and working directory. */
export function spawnCli(
  args: string[],
  options: { home: string; cwd: string; env?: NodeJS.ProcessEnv; userHome?: string },
): ChildProcessWithoutNullStreams {
  if (!existsSync(CLI))
    throw new Error('dist/cli.mjs is missing: run `npm run build` first (`npm test` does it).');
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd,
    env: cliEnv(options),
    stdio: 'pipe',
  });
  // A closed stdin does not stop `caduceus serve` (nor should it): a runner that exits without
  // stopping it would leave it listening.
  child.once(
    'exit',
    atExit(() => child.kill('SIGTERM')),
  );
  return child;
}

function cliEnv(options: { home: string; env?: NodeJS.ProcessEnv; userHome?: string }): NodeJS.ProcessEnv {
  const base = { ...process.env, ...options.env };
  if (options.userHome === undefined) return { ...base, CADUCEUS_HOME: options.home };
  // Without SHELL a user shell tab starts `bash -i` (else `sh -i`), not the developer's shell.
  const { SHELL: _shell, ...env } = base;
  return { ...env, HOME: options.userHome, CADUCEUS_HOME: options.home };
}

function firstUrl(child: ChildProcess, log: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(new Error(`caduceus serve ${why}\n${log()}`));
    };
    const timer = setTimeout(() => fail('printed no URL within 20 s'), 20_000);
    child.once('exit', (code) => fail(`exited with code ${code}`));
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('http://'));
      if (!line) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve(line.trim());
    });
  });
}

/** How a child process ended: its exit code, or the signal that ended it. */
export interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Signals the child and waits for it to exit; SIGKILL after 10 s so a test never hangs. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<Ended> {
  const ended = (): Ended => ({ code: child.exitCode, signal: child.signalCode });
  if (child.exitCode !== null || child.signalCode !== null) return ended();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
  return ended();
}
