import { useEffect, useMemo, useState, type RefObject } from 'react';
import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';

/** A move of more than this many view heights at once is a jump. */
const JUMP_VIEWS = 2;
/** Quiet time after a jump before the rows below the view are drawn again, in ms. */
const SETTLE_MS = 150;
/**
 * Frames without a scroll that end seeking, counted from the frame of the last scroll. A drag's
 * pointer may skip a frame without stopping; ending then would draw a frame of full rows in the
 * middle of it. Frames, not milliseconds: a slow machine's long frames do not end it early.
 */
const SEEK_IDLE_FRAMES = 3;

/** Where the list's view is: its offset and height in pixels (the virtualizer's own values). */
export type ViewOf = () => { offset: number; height: number } | undefined;

export interface JumpAwareRange {
  /** The rows to draw (a virtualizer's `rangeExtractor`). */
  extract(range: Range): number[];
  /** Whether the last rows drawn were the view alone, after a jump. */
  jumped(): boolean;
  /** The view has stopped after a jump: the rows below it are drawn again. */
  settle(): void;
  /**
   * Whether the view is seeking: it jumped again right after a jump (the scrollbar dragged
   * fast), so the rows drawn are gone the next frame. Over once the view stops (`stopSeeking`).
   */
  seeking(): boolean;
  /** The view has stopped: a run of jumps ends there, seeking or not. */
  stopSeeking(): void;
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
  /** Jumps in a row, each deciding the rows drawn. */
  let jumps = 0;
  return {
    extract(range) {
      const now = view();
      // Asked again for the same rows (their count changed), the last decision stands; so it
      // does for small moves right after a jump (rows measured, the list correcting its offset),
      // and for rows coming into view as rows below are measured: only a scroll brings all back.
      if (now && (!last || range.startIndex !== last.start || range.endIndex !== last.end)) {
        const jump = last !== undefined && Math.abs(now.offset - last.offset) > JUMP_VIEWS * now.height;
        jumps = jump ? jumps + 1 : last && now.offset !== last.offset ? 0 : jumps;
        if (jump) mode = 'jumped';
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
    seeking: () => jumps >= 2,
    stopSeeking() {
      jumps = 0;
    },
  };
}

/** The rows to draw for a virtualizer, and whether the view is seeking (see JumpAwareRange). */
export interface ListRange {
  rangeExtractor: (range: Range) => number[];
  seeking(): boolean;
}

/**
 * `jumpAwareRange` for the list scrolled in `scroller`: settled once scrolling pauses, and no
 * longer seeking once it pauses for two frames (a drag that slows to a move ends it at once).
 */
export function useJumpAwareRange(scroller: RefObject<HTMLElement | null>, view: ViewOf): ListRange {
  const [range] = useState(() => jumpAwareRange(view));
  const [settled, setSettled] = useState(0);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let timer: number | undefined;
    let frame = 0;
    // A stop ends a run of jumps even short of seeking: the next jump alone draws full rows.
    const stopSeeking = () => {
      const was = range.seeking();
      range.stopSeeking();
      if (was) setSettled((n) => n + 1);
    };
    const onScroll = () => {
      window.clearTimeout(timer);
      cancelAnimationFrame(frame);
      // Only after a jump is there a run of jumps to end: other scrolls start no frame count.
      // The virtualizer's own listener, added first, has decided this scroll's rows by now.
      if (!range.jumped()) return;
      // Counted from this frame's callbacks; a scroll in a later frame starts the count again.
      let left = SEEK_IDLE_FRAMES;
      const count = () => {
        if (--left > 0) frame = requestAnimationFrame(count);
        else stopSeeking();
      };
      frame = requestAnimationFrame(count);
      timer = window.setTimeout(() => {
        range.settle();
        setSettled((n) => n + 1);
      }, SETTLE_MS);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      window.clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [scroller, range]);
  // A new function after settling, so the virtualizer asks for the rows again.
  const rangeExtractor = useMemo(() => (r: Range) => range.extract(r), [range, settled]);
  return { rangeExtractor, seeking: range.seeking };
}
