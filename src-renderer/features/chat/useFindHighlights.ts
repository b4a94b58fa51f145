import { useEffect, useRef } from 'react';
import type { FindHit } from '../../../src-shared/ipc/findSchemas';
import { occurrenceInField, shownMessageId, useFind } from './findStore';
import { clearMatches, matchRanges, paintMatches } from './findHighlights';
import { useReveal } from './revealStore';

/** Where the current hit's text is drawn: the message (not its cards), or a part of a card. */
const SECTION: Record<Exclude<FindHit['field'], 'text' | 'output'>, string> = {
  args: '[data-testid="tool-args"]',
  error: '[data-testid="tool-error"], [data-testid="tool-output"]',
  result: '[data-testid="tool-output"]',
};

/**
 * The range of the current hit in the page. An output hit is marked by its card instead; in
 * rendered Markdown the occurrence is counted in what is shown, so it may differ from the source's.
 */
function currentRange(list: Element, hit: FindHit, query: string, occurrence: number): Range | undefined {
  if (hit.field === 'output') return undefined;
  const escape = (v: string) => CSS.escape(v);
  let container: Element | null;
  if (hit.field === 'text')
    container = list.querySelector(`[data-message-id="${escape(shownMessageId(hit))}"]`);
  else {
    const card = hit.toolCallId ? list.querySelector(`[data-call-id="${escape(hit.toolCallId)}"]`) : null;
    container = card?.querySelector(SECTION[hit.field]) ?? null;
  }
  if (!container) return undefined;
  const ranges = matchRanges(container, query, hit.field === 'text' ? '.tool-call-list' : undefined);
  return ranges[Math.min(occurrence, ranges.length - 1)];
}

/**
 * While the find bar has hits, every match drawn in the transcript is highlighted and the current
 * one apart (a match may run across a code line's tokens or a word in bold), kept up as the list
 * redraws (cards opening, output streaming); all cleared on close.
 */
export function useFindHighlights(): void {
  const open = useFind((s) => s.open);
  const searched = useFind((s) => s.searched);
  const hits = useFind((s) => s.hits);
  const index = useFind((s) => s.index);
  const nonce = useReveal((s) => s.target?.nonce);
  // The reveal last scrolled to: hits refreshed while a turn runs repaint without moving the view.
  const scrolledFor = useRef<number | undefined>(undefined);
  useEffect(() => {
    const list = document.querySelector('[data-testid="message-list"]');
    // Should the page's text hold a match the bar did not count, with no hits nothing is marked:
    // the page never shows one the bar says is not there.
    if (!open || !searched || !list || hits.length === 0) return clearMatches;
    const hit = hits[index];
    let frame = 0;
    const paint = () => {
      frame = 0;
      const current = hit && currentRange(list, hit, searched.query, occurrenceInField(hits, index));
      paintMatches(list, searched.query, current);
      // Once per move, when the hit is drawn (a card's arguments appear after it opens).
      if (current && scrolledFor.current !== nonce) {
        scrolledFor.current = nonce;
        current.startContainer.parentElement?.scrollIntoView({ block: 'center' });
      }
    };
    paint();
    const observer = new MutationObserver(() => {
      frame ||= requestAnimationFrame(paint);
    });
    observer.observe(list, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      clearMatches();
    };
  }, [open, searched, hits, index, nonce]);
}
