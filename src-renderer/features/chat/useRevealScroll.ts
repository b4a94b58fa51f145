import { useEffect, type RefObject } from 'react';
import { useReveal } from './revealStore';

/**
 * Brings the reveal target (a tool call's card, else its message) into view in the list, unless
 * it is already on screen (an opened card then scrolls its own hit). The list stops following
 * new output, as when the reader scrolls up.
 */
export function useRevealScroll(scroller: RefObject<HTMLElement | null>, stick: { current: boolean }): void {
  const target = useReveal((s) => s.target);
  useEffect(() => {
    const list = scroller.current;
    if (!list || !target) return;
    const escape = (v: string) => CSS.escape(v);
    const el =
      (target.toolCallId && list.querySelector(`[data-call-id="${escape(target.toolCallId)}"]`)) ||
      list.querySelector(`[data-message-id="${escape(target.messageId)}"]`);
    if (!el) return;
    stick.current = false;
    const box = el.getBoundingClientRect();
    const view = list.getBoundingClientRect();
    if (box.bottom <= view.top || box.top >= view.bottom) el.scrollIntoView({ block: 'center' });
  }, [target, scroller, stick]);
}
