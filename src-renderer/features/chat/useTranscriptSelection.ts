import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Range } from '@tanstack/react-virtual';
import { useChat } from './chatStore';
import { rowsHoldingSelection, selectionText, withKeptRows } from './selectionRows';
import { rowPlainText, type TranscriptRow } from './transcriptRows';

export interface TranscriptSelection {
  /** `drawn`'s rows and the rows holding the reader's selection (a virtualizer's `rangeExtractor`). */
  rangeExtractor: (range: Range) => number[];
  /** Whether the row is kept drawn in full for the selection, even while the view seeks. */
  keeps(index: number): boolean;
}

/**
 * Keeps the rows holding the reader's selection drawn wherever the view is, and copies a
 * selection whose rows between are not all drawn (see selectionRows.ts). `host` holds the rows;
 * `drawn` decides the rows around the view.
 */
export function useTranscriptSelection(
  host: RefObject<HTMLElement | null>,
  rows: TranscriptRow[],
  drawn: (range: Range) => number[],
): TranscriptSelection {
  // Read by the range extractor as the view scrolls: a plain holder, not state to render on.
  const [kept] = useState<{ rows: readonly number[] }>(() => ({ rows: [] }));
  const rowsNow = useRef(rows);
  rowsNow.current = rows;
  useEffect(() => {
    const onChange = () => {
      const el = host.current;
      if (el) kept.rows = rowsHoldingSelection(el, document.getSelection());
    };
    const onCopy = (event: ClipboardEvent) => {
      const el = host.current;
      const selection = document.getSelection();
      if (!el || !selection || !event.clipboardData) return;
      const chat = useChat.getState();
      const text = selectionText(el, selection, (i) => rowPlainText(rowsNow.current[i], chat));
      if (text === undefined) return;
      event.clipboardData.setData('text/plain', text);
      event.preventDefault();
    };
    document.addEventListener('selectionchange', onChange);
    document.addEventListener('copy', onCopy);
    return () => {
      document.removeEventListener('selectionchange', onChange);
      document.removeEventListener('copy', onCopy);
    };
  }, [host, kept]);
  return useMemo(
    () => ({
      rangeExtractor: (range) => withKeptRows(drawn(range), kept.rows, range.count),
      keeps: (index) => kept.rows.includes(index),
    }),
    [drawn, kept],
  );
}
