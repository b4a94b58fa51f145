/**
 * The environment every local command starts from. The desktop app resolves the login shell's
 * environment once at start-up (`initUserEnvironment`); the CLI and `caduceus serve` are
 * started from a terminal and already have it, so they use their own.
 */
import type { Host } from './host';
import { realHost } from './host';
import type { LoginEnv } from './loginEnv';
import { resolveLoginEnv, stringEnv } from './loginEnv';

let resolved: Promise<LoginEnv> | undefined;

/** Starts the resolution (once); commands started meanwhile wait for it. */
export function initUserEnvironment(host: Host = realHost(), timeoutMs?: number): Promise<LoginEnv> {
  resolved ??= resolveLoginEnv(host, timeoutMs === undefined ? {} : { timeoutMs });
  return resolved;
}

export async function userEnvironment(): Promise<Record<string, string>> {
  return resolved ? (await resolved).env : stringEnv(process.env);
}

/** Whether the desktop app should resolve it: a Mac app never has it; a Linux one only when not started from a terminal. */
export function needsLoginEnv(host: Host, startedFromTerminal: boolean): boolean {
  if (host.platform === 'darwin') return true;
  return host.platform !== 'win32' && !startedFromTerminal;
}

/** For tests: forget what was resolved. */
export function resetUserEnvironment(): void {
  resolved = undefined;
}
