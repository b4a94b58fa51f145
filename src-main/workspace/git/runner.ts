/** The one way the app runs git in a person's repository: nothing the repository configures runs in the app. */
import { spawn } from 'node:child_process';
import { emptiedFilters, repoFilterNames } from './filters';

/** Options git is always given: no fsmonitor daemon or hook from config, no pager. */
const ALWAYS = ['--no-pager', '-c', 'core.fsmonitor=', '-c', 'core.pager=cat', '-c', 'color.ui=false'];
/** Commands other than a commit run no hooks (a checkout's post-checkout, for one). */
const NO_HOOKS = ['-c', 'core.hooksPath=/dev/null'];

export interface GitRun {
  /** The repository's hooks run, as for the person's own `git commit`. */
  hooks?: boolean;
  input?: string;
  timeoutMs?: number;
  /** Output past this many bytes is dropped and `truncated` set. */
  maxBytes?: number;
}

export interface GitResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
  truncated: boolean;
}

export class GitError extends Error {
  override name = 'GitError';
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

/** The person's git variables that only say who they are or which config is theirs. */
const KEPT = new Set([
  'GIT_AUTHOR_NAME',
  'GIT_AUTHOR_EMAIL',
  'GIT_COMMITTER_NAME',
  'GIT_COMMITTER_EMAIL',
  'GIT_CONFIG_GLOBAL',
  'GIT_CONFIG_SYSTEM',
  'GIT_CONFIG_NOSYSTEM',
]);

/**
 * The app's environment without git's other variables (a GIT_DIR, GIT_EXTERNAL_DIFF or
 * GIT_CONFIG_PARAMETERS must not steer it). A commit's hooks see the person's usual settings;
 * the app's own reads also take pathspecs literally and leave the index alone.
 */
function gitEnv(hooks: boolean): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!key.startsWith('GIT_') || KEPT.has(key)) env[key] = value;
  Object.assign(env, { GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', PAGER: 'cat', GIT_EDITOR: ':' });
  if (!hooks) Object.assign(env, { GIT_LITERAL_PATHSPECS: '1', GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' });
  return env;
}

/** The filter drivers the repository's own config defines (filters.ts); reading config runs nothing. */
export async function repoFilters(cwd: string): Promise<string[]> {
  const args = ['config', '-z', '--show-scope', '--get-regexp', '^filter\\.'];
  const result = await spawnGit(cwd, [...ALWAYS, ...args], {}, 'config');
  return result.code === 0 ? repoFilterNames(result.stdout.toString('utf8')) : [];
}

/**
 * Runs `git <args>` in `cwd`; never rejects for a non-zero exit (the caller reads `code`).
 * Outside a commit the repository's own hooks and filter drivers are left out.
 */
export async function git(cwd: string, args: string[], run: GitRun = {}): Promise<GitResult> {
  const guards = run.hooks ? [] : [...NO_HOOKS, ...emptiedFilters(await repoFilters(cwd))];
  return spawnGit(cwd, [...ALWAYS, ...guards, ...args], run, args[0] ?? '');
}

function spawnGit(cwd: string, argv: string[], run: GitRun, command: string): Promise<GitResult> {
  const maxBytes = run.maxBytes ?? DEFAULT_MAX_BYTES;
  return new Promise((resolve, reject) => {
    const child = spawn('git', argv, {
      cwd,
      env: gitEnv(run.hooks === true),
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: run.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
    const out: Buffer[] = [];
    let size = 0;
    let truncated = false;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (size >= maxBytes) {
        truncated = true;
        return;
      }
      const room = maxBytes - size;
      if (chunk.length > room) truncated = true;
      out.push(chunk.subarray(0, room));
      size += Math.min(room, chunk.length);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 64_000) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => reject(new GitError(`git could not start: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (signal && !truncated && code === null)
        return reject(new GitError(`git ${command} was stopped (${signal}); it took too long.`));
      resolve({ code, stdout: Buffer.concat(out), stderr: stderr.trim(), truncated });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(run.input ?? '');
  });
}

/** Like `git`, but a non-zero exit throws a GitError with git's own message. */
export async function gitOk(cwd: string, args: string[], run: GitRun = {}): Promise<Buffer> {
  const result = await git(cwd, args, run);
  if (result.code !== 0)
    throw new GitError(
      result.stderr ||
        result.stdout.toString('utf8').trim() ||
        `git ${args[0] ?? ''} failed with exit code ${String(result.code)}`,
    );
  return result.stdout;
}
