import type { Logger } from '../../runtime/types';

/**
 * `approvals.timeout_seconds` as a deadline: 0 (the default) waits until a person answers,
 * a positive number denies after that many seconds. The one place the setting becomes a timer.
 */
export function approvalDeadlineMs(timeoutSeconds: number): number | null {
  return timeoutSeconds > 0 ? timeoutSeconds * 1000 : null;
}

/**
 * Puts a question to a person, with the configured deadline if any: resolves 'timeout' when the
 * time runs out and 'closed' when the turn is cancelled or the prompt fails. Either way the
 * prompt's own signal aborts, so a dialog left open is torn down.
 */
export async function askWithDeadline<T>(
  ask: (signal: AbortSignal) => Promise<T>,
  timeoutSeconds: number,
  outer: AbortSignal | undefined,
  logger?: Pick<Logger, 'warn'>,
): Promise<T | 'timeout' | 'closed'> {
  const controller = new AbortController();
  const deadline = approvalDeadlineMs(timeoutSeconds);
  let timedOut = false;
  const stop = new Promise<'timeout' | 'closed'>((resolve) => {
    const timer =
      deadline === null
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, deadline);
    const onOuter = (): void => controller.abort();
    outer?.addEventListener('abort', onOuter, { once: true });
    if (outer?.aborted) controller.abort();
    controller.signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        outer?.removeEventListener('abort', onOuter);
        resolve(timedOut ? 'timeout' : 'closed');
      },
      { once: true },
    );
  });
  try {
    const answer = await Promise.race([ask(controller.signal), stop]);
    return timedOut ? 'timeout' : answer;
  } catch (err) {
    logger?.warn(`Approval prompt failed; denying: ${err instanceof Error ? err.message : String(err)}`);
    return timedOut ? 'timeout' : 'closed';
  } finally {
    if (!controller.signal.aborted) controller.abort();
  }
}
