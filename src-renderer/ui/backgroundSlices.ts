/**
 * Work done ahead of need (rendering a session's Markdown before it is scrolled to) runs in short
 * slices at the page's lowest priority. An idle callback was not enough: an idle period lasts up
 * to 50 ms, and nothing but input cuts it short, so a session's reply arriving meanwhile waited
 * for it. A background task yields to every other task between slices: a socket's message, a
 * key, a frame.
 */

/** The longest a slice runs, in ms. */
export const SLICE_MS = 4;

interface TaskScheduler {
  postTask(callback: () => void, options: { priority: 'background'; signal: AbortSignal }): Promise<unknown>;
}

/** Chromium tells whether input waits for the page (`navigator.scheduling.isInputPending`). */
function inputCheck(): () => boolean {
  const scheduling = (navigator as { scheduling?: { isInputPending?(): boolean } }).scheduling;
  return scheduling?.isInputPending ? () => scheduling.isInputPending?.() === true : () => false;
}

/**
 * Calls `step` again and again, in slices of at most SLICE_MS, each a task of its own at
 * background priority (a timeout where the page has no task scheduler), until it returns false.
 * A slice also ends as soon as input waits. Returns a function that stops it.
 */
export function inBackgroundSlices(step: () => boolean): () => void {
  const scheduler = (globalThis as { scheduler?: Partial<TaskScheduler> }).scheduler;
  const inputPending = inputCheck();
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const slice = () => {
    if (controller.signal.aborted) return;
    const until = performance.now() + SLICE_MS;
    let more = step();
    while (more && performance.now() < until && !inputPending()) more = step();
    if (more) post();
  };
  const post = () => {
    if (scheduler?.postTask) {
      // A stopped task rejects with AbortError: that is the stop working.
      scheduler.postTask(slice, { priority: 'background', signal: controller.signal }).catch(() => undefined);
    } else timer = setTimeout(slice, 0);
  };

  post();
  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}
