/**
 * The user's login-shell environment. An app started from the Finder, the Dock or a desktop
 * launcher does not inherit what ~/.zprofile or ~/.bashrc set up (Homebrew, nvm, pyenv on PATH).
 * As VS Code does, run the login shell once, interactively, print the environment between
 * markers, and fall back to this process's environment when that fails or hangs.
 */
import { randomUUID } from 'node:crypto';
import type { Host } from './host';

export const LOGIN_ENV_TIMEOUT_MS = 10_000;

/** Variables that belong to the probe shell or to this process, not to the user's setup. */
const DROP = new Set(['_', 'PWD', 'OLDPWD', 'SHLVL', 'ELECTRON_RUN_AS_NODE', 'ELECTRON_NO_ATTACH_CONSOLE']);

export interface LoginEnv {
  env: Record<string, string>;
  /** 'login-shell' when resolved; otherwise why the process's own environment is used. */
  source: 'login-shell' | 'process';
  reason?: string;
}

export function loginShellOf(host: Host): string {
  if (host.env.SHELL) return host.env.SHELL;
  return host.platform === 'darwin' ? '/bin/zsh' : '/bin/sh';
}

export async function resolveLoginEnv(
  host: Host,
  options: { shell?: string; timeoutMs?: number } = {},
): Promise<LoginEnv> {
  const base = stringEnv(host.env);
  if (host.platform === 'win32')
    return { env: base, source: 'process', reason: 'Windows has no login shell' };
  const shell = options.shell ?? loginShellOf(host);
  const mark = randomUUID().replace(/-/g, '');
  // `env` works in every POSIX shell (zsh, bash, fish, sh) and needs no node binary, which
  // the packaged app cannot provide (its runAsNode fuse is off).
  const script = `printf '%s\\n' '${mark}'; command env; printf '%s\\n' '${mark}'`;
  const result = await host.run(shell, ['-i', '-l', '-c', script], {
    env: { ...base, CADUCEUS_RESOLVING_ENVIRONMENT: '1' },
    timeoutMs: options.timeoutMs ?? LOGIN_ENV_TIMEOUT_MS,
  });
  const fallback = (reason: string): LoginEnv => ({ env: base, source: 'process', reason });
  if (result.error) return fallback(`${shell} could not start: ${result.error}`);
  if (result.timedOut)
    return fallback(`${shell} did not finish within ${options.timeoutMs ?? LOGIN_ENV_TIMEOUT_MS} ms`);
  const parts = result.stdout.split(`${mark}\n`);
  if (parts.length < 3)
    return fallback(`${shell} exited with ${result.exitCode} without printing its environment`);
  const resolved = parseEnvOutput(parts[1] ?? '');
  for (const key of DROP) delete resolved[key];
  delete resolved.CADUCEUS_RESOLVING_ENVIRONMENT;
  return { env: { ...base, ...resolved }, source: 'login-shell' };
}

/** Parses `env` output; a line that does not start a NAME= continues the previous value. */
export function parseEnvOutput(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  let last: string | undefined;
  for (const line of text.replace(/\n$/, '').split('\n')) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(line);
    if (match?.[1] !== undefined) {
      last = match[1];
      env[last] = match[2] ?? '';
    } else if (last !== undefined) env[last] += `\n${line}`;
  }
  return env;
}

export function stringEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) result[key] = value;
  return result;
}
