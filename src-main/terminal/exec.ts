/** Runs a spawned process to completion with a timeout and cancellation, collecting bounded output. */
import { errorMessage } from './handle';
import { HeadTailCollector } from './truncate';
import type { ExecOptions, ExecResult, ExitInfo, ProcessHandle, SpawnOptions } from './types';

/** After SIGTERM, a process group gets this long before SIGKILL. */
const KILL_GRACE_MS = 1_000;
/** A backend that cannot confirm the exit after SIGKILL is given up on after this long. */
const EXIT_CONFIRM_MS = 5_000;

export async function killGracefully(handle: ProcessHandle): Promise<void> {
  const exited = handle.exited.then(() => true);
  await handle.kill('SIGTERM').catch(() => undefined);
  if (await within(exited, KILL_GRACE_MS, false)) return;
  await handle.kill('SIGKILL').catch(() => undefined);
}

/** Waits for `handle` to exit, killing its process group on timeout or abort. */
export async function runToCompletion(
  handle: ProcessHandle,
  options: Omit<ExecOptions, keyof SpawnOptions>,
): Promise<ExecResult> {
  const collector = new HeadTailCollector(options.maxOutputChars);
  handle.onData((data) => {
    collector.push(data);
    options.onData?.(data);
  });
  let timedOut = false;
  let cancelled = false;
  let stopping = false;
  let giveUp: (info: ExitInfo) => void = () => undefined;
  const gaveUp = new Promise<ExitInfo>((resolve) => (giveUp = resolve));
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void killGracefully(handle)
      .then(() =>
        within(
          handle.exited.then(() => true),
          EXIT_CONFIRM_MS,
          false,
        ),
      )
      .then((confirmed) => {
        if (!confirmed)
          giveUp({ exitCode: null, error: 'the process did not confirm its exit after being killed' });
      });
  };
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, options.timeoutMs);
  const onAbort = (): void => {
    cancelled = true;
    stop();
  };
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });

  const info = await Promise.race([handle.exited, gaveUp]);
  clearTimeout(timer);
  options.signal?.removeEventListener('abort', onAbort);
  return {
    output: collector.text(),
    exitCode: info.exitCode,
    timedOut,
    cancelled,
    totalChars: collector.totalChars,
    ...(info.error ? { error: info.error } : {}),
  };
}

/** Spawns then runs to completion; a failure to start becomes a result, never a throw. */
export async function execViaSpawn(
  spawn: (options: SpawnOptions) => Promise<ProcessHandle>,
  options: ExecOptions,
): Promise<ExecResult> {
  let handle: ProcessHandle;
  try {
    handle = await spawn({ ...options, stdin: options.stdin ?? false });
  } catch (error) {
    return {
      output: '',
      exitCode: null,
      timedOut: false,
      cancelled: false,
      totalChars: 0,
      error: errorMessage(error),
    };
  }
  return runToCompletion(handle, options);
}

/** Waits for `promise` at most `ms`; housekeeping on a remote host must not hang a shutdown. */
export async function atMost(promise: Promise<unknown>, ms: number): Promise<void> {
  const settled = promise.then(
    () => undefined,
    () => undefined,
  );
  await within(settled, ms, undefined);
}

/**
 * Resolves with `value` after `ms`. The timer keeps the process alive: someone awaits it, and an
 * unref'd timer would let Node exit mid-await ("unsettled top-level await", exit code 13).
 */
export function delay<T>(ms: number, value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms));
}

/** `promise`, or `fallback` once `ms` have passed; the timer is cleared as soon as `promise` settles. */
export function within<T, U>(promise: Promise<T>, ms: number, fallback: U): Promise<T | U> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<U>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
