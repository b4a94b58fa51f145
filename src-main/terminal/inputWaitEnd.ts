import { watchForInputWait } from './inputWait';
import type { ProcessHandle } from './types';

export function inputWaitNote(prompt: string): string {
  return (
    `[The command waited for input (${JSON.stringify(prompt)}) and no one here can answer it, so it ` +
    'was ended; its whole process group was killed. Pass the answer non-interactively (a flag such ' +
    'as --yes, or input piped in), or ask the user to run it.]'
  );
}

/**
 * Ends a command once it waits for input: the returned signal aborts then (and when `outer`
 * does), and `prompt()` tells which question it was stuck on.
 */
export function endOnInputWait(handle: ProcessHandle, outer: AbortSignal | undefined) {
  const controller = new AbortController();
  let waitedOn: string | undefined;
  const onOuter = (): void => controller.abort();
  outer?.addEventListener('abort', onOuter, { once: true });
  if (outer?.aborted) controller.abort();
  const unwatch = watchForInputWait(handle, (prompt) => {
    waitedOn = prompt;
    controller.abort();
  });
  return {
    signal: controller.signal,
    prompt: () => waitedOn,
    stop: () => {
      unwatch();
      outer?.removeEventListener('abort', onOuter);
    },
  };
}
