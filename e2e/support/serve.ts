import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = `${ROOT}bin/caduceus.mjs`;
const CLI = `${ROOT}dist/cli.mjs`;

export interface ServeOptions {
  /** The model's OpenAI-compatible base URL (a ScriptedModel's). */
  baseUrl: string;
  /** CADUCEUS_HOME for this server. */
  home: string;
  /** Working directory, and so the agent's default task directory. */
  cwd: string;
  /** More environment for serve (a $BROWSER, say). */
  env?: NodeJS.ProcessEnv;
}

export interface Served {
  /** The page URL with its token, as printed by `caduceus serve`. */
  url: string;
  /** What serve wrote to stderr so far, for failure messages. */
  log(): string;
  /** SIGTERM, then waits for exit (serve closes its PTYs first). */
  stop(): Promise<void>;
}

/** Runs the real `caduceus serve` from the built CLI, as a user would. */
export async function startServe(options: ServeOptions): Promise<Served> {
  if (!existsSync(CLI))
    throw new Error('dist/cli.mjs is missing: run `npm run build` first (`npm test` does it).');
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--base-url', options.baseUrl, '--model', 'scripted', '--api-key', 'test-key'],
    { cwd: options.cwd, env: { ...process.env, ...options.env, CADUCEUS_HOME: options.home }, stdio: 'pipe' },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const url = await firstUrl(child, () => stderr);
  return { url, log: () => stderr, stop: () => stopChild(child) };
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

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
