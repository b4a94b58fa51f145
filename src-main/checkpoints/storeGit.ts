/**
 * Git run against the checkpoint store only, isolated from every config: no global or system
 * config, no attributes, hooks, filters, fsmonitor or pager, so nothing a workspace or the
 * person's setup plants can run here.
 */
import { spawn } from 'node:child_process';

const ISOLATED: NodeJS.ProcessEnv = {
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_ATTR_NOSYSTEM: '1',
  GIT_TERMINAL_PROMPT: '0',
  GIT_OPTIONAL_LOCKS: '0',
  GIT_NO_REPLACE_OBJECTS: '1',
  LC_ALL: 'C',
};

/** `-c` settings that switch off what a repository's own config could turn on. */
const OFF = [
  'core.fsmonitor=',
  'core.hooksPath=/dev/null',
  'core.attributesFile=/dev/null',
  'core.pager=cat',
  'core.quotePath=false',
  'diff.external=',
  'gc.auto=0',
  'maintenance.auto=false',
].flatMap((kv) => ['-c', kv]);

/** The environment for git: PATH and HOME kept, every GIT_* variable of the caller dropped. */
export function isolatedEnv(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'SYSTEMROOT']) if (base[key]) env[key] = base[key];
  return { ...env, ...ISOLATED };
}

export class GitError extends Error {
  override name = 'GitError';
}

export interface GitRun {
  /** Where git runs: `--git-dir` for the store, or a workspace for a read-only question. */
  gitDir?: string;
  cwd?: string;
  input?: string | Buffer;
  /** Exit codes that are answers, not failures (check-ignore's 1). */
  okCodes?: number[];
}

/** Runs git and returns stdout as a Buffer and the exit code. */
export function git(args: string[], run: GitRun): Promise<{ stdout: Buffer; code: number }> {
  const full = [...OFF, ...(run.gitDir ? ['--git-dir', run.gitDir] : []), ...args];
  return new Promise((resolvePromise, reject) => {
    const child = spawn('git', full, {
      cwd: run.cwd ?? run.gitDir,
      env: isolatedEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      const c = code ?? 1;
      if (c === 0 || run.okCodes?.includes(c)) resolvePromise({ stdout: Buffer.concat(out), code: c });
      else reject(new GitError(`git ${args[0]} failed: ${Buffer.concat(err).toString().trim()}`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(run.input ?? '');
  });
}
