import { memo, useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useChat } from './chatStore';
import { MessageItem } from './MessageItem';
import { TurnChip } from '../changes/TurnChip';
import { useReveal } from './revealStore';
import { savedPosition, savePosition } from './scrollPositions';
import { estimateRowHeight, rowOfMessage, transcriptRows } from './transcriptRows';
import { warmMarkdown } from './markdown';

/** Pixels from the bottom within which the list keeps following new output. */
const STICK_THRESHOLD = 48;
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
  const stick = useRef(saved?.atBottom ?? true);

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
    initialOffset: saved && !saved.atBottom ? saved.offset : BOTTOM,
    ...(saved ? { initialMeasurementsCache: saved.measurements } : {}),
    scrollMargin: host.current?.offsetTop ?? 0,
  });

  // The messages' Markdown is rendered while idle, nearest the end first, for smooth scrolling.
  useEffect(() => {
    const { messages } = useChat.getState();
    const texts = order.flatMap((id) => (messages[id]?.role === 'assistant' ? [messages[id].content] : []));
    return warmMarkdown(texts.reverse());
  }, [order]);

  const total = virtualizer.getTotalSize();
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [total, rows, below, scroller]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let offset = el.scrollTop;
    const onScroll = () => {
      offset = el.scrollTop;
      stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_THRESHOLD;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      savePosition(sessionId, { atBottom: stick.current, offset, measurements: virtualizer.takeSnapshot() });
    };
  }, [scroller, sessionId, virtualizer]);

  useRevealRow(rows, virtualizer.scrollToIndex, stick);

  const items = virtualizer.getVirtualItems();
  const margin = virtualizer.options.scrollMargin;
  return (
    <div ref={host} className="transcript-rows" style={{ height: total }}>
      {items.map((item) => {
        const row = rows[item.index];
        if (!row) return null;
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

/** The last reveal carried out, so a chat opened later does not jump to an old one. */
let revealed = 0;

/** Brings the message a reveal asks for into view (the virtualizer keeps it there as rows settle). */
function useRevealRow(
  rows: ReturnType<typeof transcriptRows>,
  scrollToIndex: (index: number, options: { align: 'start' | 'center' }) => void,
  stick: RefObject<boolean>,
) {
  const target = useReveal((s) => s.target);
  useEffect(() => {
    if (!target || target.nonce === revealed) return;
    const index = rowOfMessage(rows, target.messageId);
    if (index < 0) return;
    revealed = target.nonce;
    stick.current = false;
    scrollToIndex(index, { align: 'start' });
    // Rows depend on the order: a target asked for before its session loaded is honoured then.
  }, [target, rows.length > 0]);
}
