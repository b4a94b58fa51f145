import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useChat } from './chatStore';
import { MessageItem } from './MessageItem';
import { SeekRow } from './SeekRow';
import { TurnChip } from '../changes/TurnChip';
import { useReveal } from './revealStore';
import { savedPosition, savePosition } from './scrollPositions';
import { estimateRowHeight, rowOfMessage, transcriptRows } from './transcriptRows';
import { warmMarkdown } from './lazyMarkdown';
import { useJumpAwareRange } from './jumpOverscan';
import { scrollToHit } from '../toolCalls/ToolOutput';
import { BottomFollower, type ScrollSample } from './followBottom';
import { useTranscriptSelection } from './useTranscriptSelection';

/** Far past any transcript's end: the browser stops at the bottom. */
const BOTTOM = 1e9;

const MessageRow = memo(function MessageRow({ id }: { id: string }) {
  const message = useChat((s) => s.messages[id]);
  return message ? <MessageItem message={message} /> : null;
});

/**
 * The transcript's messages, drawn only near the view (rows measured as they are drawn). It
 * follows new output only while the reader is at the bottom; where the reader was is kept per
 * session. Keyed by session, so each chat starts from its own saved place.
 */
export function TranscriptRows({
  sessionId,
  scroller,
  below,
}: {
  sessionId: string | undefined;
  scroller: RefObject<HTMLDivElement | null>;
  /** What shows under the rows (a question, a form): the view follows it too. */
  below: string;
}) {
  const order = useChat((s) => s.order);
  // Roles never change, so the rows depend on the order alone (the store sets both together).
  const rows = useMemo(() => transcriptRows(order, useChat.getState().messages), [order]);
  const host = useRef<HTMLDivElement>(null);
  const saved = useRef(savedPosition(sessionId)).current;
  const [follower] = useState(() => new BottomFollower(saved?.atBottom ?? true));
  const list = useRef<Virtualizer>(undefined);
  const range = useJumpAwareRange(scroller, () => {
    const v = list.current;
    return v?.scrollOffset != null && v.scrollRect
      ? { offset: v.scrollOffset, height: v.scrollRect.height }
      : undefined;
  });
  // The rows holding the reader's selection stay drawn, so scrolling away does not lose it.
  const selection = useTranscriptSelection(host, rows, range.rangeExtractor);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => {
      const row = rows[i];
      return estimateRowHeight(
        row,
        row && 'messageId' in row ? useChat.getState().messages[row.messageId] : undefined,
      );
    },
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 2,
    rangeExtractor: selection.rangeExtractor,
    initialOffset: saved && !saved.atBottom ? saved.offset : BOTTOM,
    ...(saved ? { initialMeasurementsCache: saved.measurements } : {}),
    scrollMargin: host.current?.offsetTop ?? 0,
  });

  list.current = virtualizer;

  // The messages' Markdown is rendered while idle, nearest the end first, for smooth scrolling.
  useEffect(() => {
    const { messages } = useChat.getState();
    const texts = order.flatMap((id) => (messages[id]?.role === 'assistant' ? [messages[id].content] : []));
    return warmMarkdown(texts.reverse());
  }, [order]);

  const total = virtualizer.getTotalSize();
  // A prompt the reader sends goes to the end: the view follows it there from wherever it was.
  const lastId = order.at(-1);
  const lastSeen = useRef(lastId);
  useLayoutEffect(() => {
    const el = scroller.current;
    const sent = lastId !== lastSeen.current && lastId !== undefined && isPrompt(lastId);
    lastSeen.current = lastId;
    if (!el) return;
    if (sent) follower.start();
    // A jump up the browser has not reported yet counts: its scroll event comes with a frame.
    else if (follower.follows) follower.see(sample(el));
    if (!follower.follows) return;
    el.scrollTop = el.scrollHeight;
    follower.sentTo(el.scrollTop);
  }, [total, rows, below, scroller, lastId, follower]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => follower.see(sample(el));
    // Where the list starts is where it is saved if the reader switches away before a scroll.
    onScroll();
    // Capture: at the target it runs before the virtualizer's listener, whose synchronous render
    // can change the height and so run the follow-the-bottom effect before this has seen the move.
    el.addEventListener('scroll', onScroll, { passive: true, capture: true });
    return () => {
      el.removeEventListener('scroll', onScroll, { capture: true });
      savePosition(sessionId, {
        atBottom: follower.follows,
        offset: follower.seenTop,
        measurements: virtualizer.takeSnapshot(),
      });
    };
  }, [scroller, sessionId, virtualizer, follower]);

  useRevealRow(rows, virtualizer, scroller, follower);

  const items = virtualizer.getVirtualItems();
  // Read after the rows are decided: a fast drag draws each row's outline at its known height.
  const seeking = range.seeking();
  const margin = virtualizer.options.scrollMargin;
  return (
    <div ref={host} className="transcript-rows" style={{ height: total }}>
      {items.map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        if (seeking && !selection.keeps(item.index))
          return (
            <SeekRow
              key={item.key}
              index={item.index}
              top={item.start - margin}
              height={item.size}
              messageId={'messageId' in row ? row.messageId : undefined}
            />
          );
        return (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            className="transcript-row"
            style={{ transform: `translateY(${item.start - margin}px)` }}
          >
            {'turnEnd' in row ? <TurnChip turn={row.turnEnd} /> : <MessageRow id={row.messageId} />}
          </div>
        );
      })}
    </div>
  );
}

function sample(el: HTMLElement): ScrollSample {
  return { top: el.scrollTop, height: el.scrollHeight, view: el.clientHeight };
}

function isPrompt(id: string): boolean {
  return useChat.getState().messages[id]?.role === 'user';
}

/** The last reveal carried out, so a chat opened later does not jump to an old one. */
let revealed = 0;
/** Tries at bringing a row into view while the rows above it are measured. */
const REVEAL_TRIES = 10;
/** Frames a revealed card's marked hit is watched for (about five seconds), and how long it must stay. */
const REVEAL_FRAMES = 300;
const SETTLED_FRAMES = 10;

type Virtualizer = ReturnType<typeof useVirtualizer<HTMLDivElement, Element>>;

/**
 * Brings the message a reveal asks for into view. It scrolls to an offset, not an index: the
 * virtualizer would keep pulling an index back to the row's top for seconds, undoing the hit's
 * own scroll (a card centres its marked output). Retried while estimates above it are replaced.
 */
function useRevealRow(
  rows: ReturnType<typeof transcriptRows>,
  virtualizer: Virtualizer,
  scroller: RefObject<HTMLDivElement | null>,
  follower: BottomFollower,
) {
  const target = useReveal((s) => s.target);
  useEffect(() => {
    if (!target || target.nonce === revealed) return;
    const index = rowOfMessage(rows, target.messageId);
    if (index < 0) return;
    revealed = target.nonce;
    follower.stop();
    let tries = 0;
    let frame = 0;
    const list = scroller.current;
    const shown = (el: Element | null | undefined) => {
      if (!list || !el) return false;
      const at = el.getBoundingClientRect();
      const view = list.getBoundingClientRect();
      return at.bottom > view.top && at.top < view.bottom;
    };
    // A hit in a card's output is marked once the card has opened and fetched it; it may land
    // while rows above are still measured, so it is brought back into view until it stays.
    const markOf = () =>
      target.toolCallId
        ? list?.querySelector(
            `[data-call-id="${CSS.escape(target.toolCallId)}"] [data-testid="find-current"]`,
          )
        : null;
    let steady = 0;
    const settle = () => {
      const mark = markOf();
      if (mark && shown(mark)) steady++;
      else if (mark) {
        steady = 0;
        scrollToHit(mark as HTMLElement);
      }
      if (steady < SETTLED_FRAMES && ++tries < REVEAL_FRAMES) frame = requestAnimationFrame(settle);
    };
    const go = () => {
      const offset = virtualizer.getOffsetForIndex(index, 'start')?.[0];
      if (offset !== undefined) virtualizer.scrollToOffset(offset);
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => {
          // A row drawn in outline while the view seeks is not shown yet: its content is not there.
          if (!shown(list?.querySelector(`[data-index="${index}"]:not(.transcript-seek)`))) {
            if (++tries < REVEAL_TRIES) go();
          } else if (target.toolCallId) settle();
        });
      });
    };
    // The reader's own scrolling or clicking ends the settling: it must not pull the view back.
    const stop = () => {
      cancelAnimationFrame(frame);
      tries = REVEAL_FRAMES;
    };
    const inputs = ['wheel', 'pointerdown', 'keydown', 'touchstart'] as const;
    for (const type of inputs) list?.addEventListener(type, stop, { capture: true, passive: true });
    go();
    return () => {
      cancelAnimationFrame(frame);
      for (const type of inputs) list?.removeEventListener(type, stop, { capture: true });
    };
    // Rows depend on the order: a target asked for before its session loaded is honoured then.
  }, [target, rows.length > 0]);
}
