import type { Logger } from '../../runtime/types';

/**
 * Puts a question to a person with a deadline: resolves 'timeout' when the time runs out and
 * 'closed' when the turn is cancelled or the prompt fails. Either way the prompt's own signal
 * aborts, so a dialog left open is torn down.
 */
export async function askWithDeadline<T>(
  ask: (signal: AbortSignal) => Promise<T>,
  timeoutSeconds: number,
  outer: AbortSignal | undefined,
  logger?: Pick<Logger, 'warn'>,
): Promise<T | 'timeout' | 'closed'> {
  const controller = new AbortController();
  let timedOut = false;
  const stop = new Promise<'timeout' | 'closed'>((resolve) => {
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutSeconds * 1000);
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
