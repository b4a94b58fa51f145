/**
 * The reader's selection in a virtual transcript. Rows far from the view are not in the page, so
 * a selection whose end sits in one would lose that end as the row goes (the browser moves it to
 * the document's start), and copying it would leave out the rows between its ends. The rows
 * holding its ends stay drawn, and a copy fills in the rows not drawn from the transcript itself.
 */

/** A drawn row (a row drawn as an outline while the view seeks has none of its text). */
const ROW = '.transcript-row[data-index]:not(.transcript-seek)';

/** The index of the row of `host` that holds `node`, if one does. */
export function rowIndexOf(host: HTMLElement, node: Node | null): number | undefined {
  const element = node instanceof Element ? node : node?.parentElement;
  const row = element?.closest<HTMLElement>(ROW);
  if (!row || !host.contains(row)) return undefined;
  const index = Number(row.dataset.index);
  return Number.isInteger(index) ? index : undefined;
}

/** The rows of `host` holding the selection's anchor and focus (a caret counts: Shift+click extends it). */
export function rowsHoldingSelection(host: HTMLElement, selection: Selection | null): number[] {
  if (!selection || selection.rangeCount === 0) return [];
  const ends = [rowIndexOf(host, selection.anchorNode), rowIndexOf(host, selection.focusNode)];
  return [...new Set(ends.filter((i): i is number => i !== undefined))];
}

/** `drawn` (sorted, as a range extractor gives them) with the `kept` rows that exist added in order. */
export function withKeptRows(drawn: number[], kept: readonly number[], count: number): number[] {
  const extra = kept.filter((i) => i >= 0 && i < count && !drawn.includes(i));
  return extra.length === 0 ? drawn : [...drawn, ...extra].sort((a, b) => a - b);
}

/**
 * The text to copy for a selection from one row of `host` to another with rows between them not
 * drawn: what is selected in each drawn row, as the browser would copy it, and `rowText` for each
 * row not drawn. Undefined when the browser's own copy is whole (every row between is drawn), or
 * when the selection does not start and end in rows of `host`.
 */
export function selectionText(
  host: HTMLElement,
  selection: Selection,
  rowText: (index: number) => string,
): string | undefined {
  if (selection.rangeCount === 0 || selection.isCollapsed) return undefined;
  const range = selection.getRangeAt(0);
  const first = rowIndexOf(host, range.startContainer);
  const last = rowIndexOf(host, range.endContainer);
  if (first === undefined || last === undefined) return undefined;
  const drawn = new Map<number, HTMLElement>();
  for (const row of host.querySelectorAll<HTMLElement>(ROW)) drawn.set(Number(row.dataset.index), row);
  let whole = true;
  for (let i = first; i <= last && whole; i++) whole = drawn.has(i);
  if (whole) return undefined;

  const { anchorNode, anchorOffset, focusNode, focusOffset } = selection;
  const pieces: string[] = [];
  try {
    for (let i = first; i <= last; i++) {
      const row = drawn.get(i);
      if (!row) {
        pieces.push(rowText(i));
        continue;
      }
      const part = document.createRange();
      part.selectNodeContents(row);
      if (i === first) part.setStart(range.startContainer, range.startOffset);
      if (i === last) part.setEnd(range.endContainer, range.endOffset);
      // The selection's own serialisation keeps the line breaks the page shows between blocks.
      selection.removeAllRanges();
      selection.addRange(part);
      pieces.push(selection.toString());
    }
  } finally {
    if (anchorNode && focusNode) selection.setBaseAndExtent(anchorNode, anchorOffset, focusNode, focusOffset);
  }
  return pieces
    .map((piece) => piece.trim())
    .filter(Boolean)
    .join('\n\n');
}
