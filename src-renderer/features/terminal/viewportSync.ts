/**
 * xterm 6 brings its scroll area (height, position, scrollbar) up to date for every line that
 * scrolls, as soon as it scrolls: writing a thousand lines updates the scrollbar's DOM a thousand
 * times, which is most of what parsing a flood or a snapshot costs (two to three times the parse
 * itself). Here that update is made once per frame, before the frame is drawn; anything that
 * reads the scroll area's position first (a scroll by lines, the wheel, a drag on the scrollbar)
 * gets it brought up to date at once.
 *
 * This reaches into xterm's internals (there is no option for it; upstream defers the update only
 * inside synchronized output, from 6.1). Where they differ, nothing is changed and the terminal
 * works as xterm made it; `coalesced` tells tests, so an upgrade that moves them is noticed.
 */
import type { Terminal } from '@xterm/xterm';

/** The parts of xterm's viewport this relies on; `_sync()` with no argument is the per-line call. */
interface ViewportInternals {
  _sync(...args: unknown[]): void;
  scrollLines(...args: unknown[]): void;
  scrollToLine(...args: unknown[]): void;
}

const METHODS = ['_sync', 'scrollLines', 'scrollToLine'] as const;

function viewportOf(term: Terminal): ViewportInternals | undefined {
  // Private fields, read defensively: any of them may be missing in another xterm version.
  const core = (term as unknown as { _core?: { _viewport?: unknown } })._core;
  const viewport = core?._viewport as Partial<ViewportInternals> | undefined;
  if (!viewport || METHODS.some((name) => typeof viewport[name] !== 'function')) return undefined;
  return viewport as ViewportInternals;
}

/**
 * Call after `term.open()`, with the element the terminal was opened in. Returns whether the
 * per-line update is now made once per frame.
 */
export function coalesceViewportSync(term: Terminal, element: HTMLElement): boolean {
  const viewport = viewportOf(term);
  if (!viewport) return false;
  const sync = viewport._sync.bind(viewport);
  let pending = false;
  const flush = () => {
    if (!pending) return;
    pending = false;
    sync();
  };
  viewport._sync = (...args: unknown[]) => {
    // Other callers pass the position to show (maybe undefined, but passed): they run now.
    if (args.length > 0) return sync(...args);
    if (pending) return;
    pending = true;
    requestAnimationFrame(flush);
  };
  // A scroll by lines starts from the scroll area's position: it must be the buffer's.
  for (const name of ['scrollLines', 'scrollToLine'] as const) {
    const scroll = viewport[name].bind(viewport);
    viewport[name] = (...args: unknown[]) => {
      flush();
      scroll(...args);
    };
  }
  // So do the wheel and the scrollbar, whose handlers run after these (capture, on the way down).
  for (const type of ['wheel', 'pointerdown'] as const)
    element.addEventListener(type, flush, { capture: true, passive: true });
  return true;
}
