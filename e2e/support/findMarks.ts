/** Page expressions that read find-in-session's marks (the CSS highlights it paints). */

/** The current hit's highlight, when it is painted over rendered text. */
export const CURRENT_RANGE = `[...(CSS.highlights.get('find-current') ?? [])][0]`;

/** The text under the current hit's highlight, or null. */
export const CURRENT_TEXT = `(() => ${CURRENT_RANGE}?.toString() ?? null)()`;

/** Whether the current hit's highlight is drawn inside the transcript's view. */
export const CURRENT_ON_SCREEN = `(() => {
  const range = ${CURRENT_RANGE};
  const list = document.querySelector('[data-testid="message-list"]');
  if (!range || !list) return false;
  const box = range.getBoundingClientRect();
  const view = list.getBoundingClientRect();
  return box.height > 0 && box.top >= view.top && box.bottom <= view.bottom;
})()`;
