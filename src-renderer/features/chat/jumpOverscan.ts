import { useEffect, useMemo, useState, type RefObject } from 'react';
import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';

/** A move of more than this many view heights at once is a jump. */
const JUMP_VIEWS = 2;
/** Quiet time after a jump before the rows below the view are drawn again, in ms. */
const SETTLE_MS = 150;

/** Where the list's view is: its offset and height in pixels (the virtualizer's own values). */
export type ViewOf = () => { offset: number; height: number } | undefined;

export interface JumpAwareRange {
  /** The rows to draw (a virtualizer's `rangeExtractor`). */
  extract(range: Range): number[];
  /** Whether the last rows drawn were the view alone, after a jump. */
  jumped(): boolean;
  /** The view has stopped after a jump: the rows below it are drawn again. */
  settle(): void;
}

/**
 * The rows in view and the overscan around them, except after the view jumped by more than two
 * view heights (the scrollbar dragged fast, a jump to a find hit). Rows drawn around the view are
 * there for the next frame's small scroll; after a jump they would not be seen, and drawing them
 * makes every frame of a fast drag slow. Once the view has stopped (`settle`), the rows below
 * come back; the rows above only with the next scroll that moves the view, as the list corrects
 * its offset when it first measures them, which must not move a reader who has stopped.
 */
export function jumpAwareRange(view: ViewOf): JumpAwareRange {
  let last: { start: number; end: number; offset: number } | undefined;
  let mode: 'around' | 'jumped' | 'below' = 'around';
  return {
    extract(range) {
      const now = view();
      // Asked again for the same rows (their count changed), the last decision stands; so it
      // does for small moves right after a jump (rows measured, the list correcting its offset),
      // and for rows coming into view as rows below are measured: only a scroll brings all back.
      if (now && (!last || range.startIndex !== last.start || range.endIndex !== last.end)) {
        if (last && Math.abs(now.offset - last.offset) > JUMP_VIEWS * now.height) mode = 'jumped';
        else if (mode === 'below' && last && now.offset !== last.offset) mode = 'around';
        last = { start: range.startIndex, end: range.endIndex, offset: now.offset };
      }
      if (mode === 'around') return defaultRangeExtractor(range);
      const end = mode === 'below' ? range.endIndex + range.overscan : range.endIndex;
      return defaultRangeExtractor({ ...range, endIndex: Math.min(end, range.count - 1), overscan: 0 });
    },
    jumped: () => mode === 'jumped',
    settle() {
      if (mode === 'jumped') mode = 'below';
    },
  };
}

/** `jumpAwareRange` for the list scrolled in `scroller`, settled once scrolling pauses. */
export function useJumpAwareRange(
  scroller: RefObject<HTMLElement | null>,
  view: ViewOf,
): (range: Range) => number[] {
  const [range] = useState(() => jumpAwareRange(view));
  const [settled, setSettled] = useState(0);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let timer: number | undefined;
    const onScroll = () => {
      window.clearTimeout(timer);
      if (!range.jumped()) return;
      timer = window.setTimeout(() => {
        range.settle();
        setSettled((n) => n + 1);
      }, SETTLE_MS);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      window.clearTimeout(timer);
    };
  }, [scroller, range]);
  // A new function after settling, so the virtualizer asks for the rows again.
  return useMemo(() => (r: Range) => range.extract(r), [range, settled]);
}
