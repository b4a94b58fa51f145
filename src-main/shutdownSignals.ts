import { constants } from 'node:os';

/**
 * Signals that ask the process to end: Ctrl+C, `kill`, a closed terminal. Each host (CLI,
 * `caduceus serve`, the Electron main process) ends the same way on all of them.
 */
export const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type ShutdownSignal = (typeof SHUTDOWN_SIGNALS)[number];

/**
 * Calls `onSignal` for every shutdown signal until the returned function is called. While it
 * listens, Node's default (exit at once, leaving PTYs, process groups and containers running)
 * does not apply, so the host can end them first.
 */
export function onShutdownSignal(onSignal: (signal: ShutdownSignal) => void): () => void {
  const listeners = SHUTDOWN_SIGNALS.map((signal) => {
    const listener = () => onSignal(signal);
    process.on(signal, listener);
    return [signal, listener] as const;
  });
  return () => {
    for (const [signal, listener] of listeners) process.off(signal, listener);
  };
}

/**
 * An AbortSignal that fires, with the signal's name as reason, on the first shutdown signal.
 * `except` names signals the caller handles itself (an interactive chat's Ctrl+C stops a turn).
 */
export function shutdownSignal(except: readonly ShutdownSignal[] = []): {
  signal: AbortSignal;
  dispose(): void;
} {
  const controller = new AbortController();
  const dispose = onShutdownSignal((name) => {
    if (!except.includes(name) && !controller.signal.aborted) controller.abort(name);
  });
  return { signal: controller.signal, dispose };
}

/** The shell's exit status for a process ended by `signal` (130 for SIGINT, 143 for SIGTERM). */
export function exitCodeFor(signal: ShutdownSignal): number {
  return 128 + constants.signals[signal];
}
