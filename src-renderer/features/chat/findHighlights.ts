/**
 * Paints find matches with the CSS Custom Highlight API (`::highlight(find-match)`), so the DOM
 * React and the Markdown renderer own is never changed. A match split across elements is missed.
 */

const MATCH = 'find-match';
const CURRENT = 'find-current';

interface HighlightRegistry {
  set(name: string, highlight: unknown): void;
  delete(name: string): void;
}

function registry():
  { highlights: HighlightRegistry; Highlight: new (...ranges: Range[]) => unknown } | undefined {
  const css = globalThis.CSS as { highlights?: HighlightRegistry } | undefined;
  const Highlight = (globalThis as { Highlight?: new (...ranges: Range[]) => unknown }).Highlight;
  return css?.highlights && Highlight ? { highlights: css.highlights, Highlight } : undefined;
}

/** Ranges of every occurrence of `query` in the text under `root`, skipping what `skip` matches. */
export function matchRanges(root: Element, query: string, skip?: string): Range[] {
  const needle = query.toLowerCase();
  if (!needle) return [];
  const ranges: Range[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (skip && node.parentElement?.closest(skip)) continue;
    const text = (node.nodeValue ?? '').toLowerCase();
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + needle.length);
      ranges.push(range);
    }
  }
  return ranges;
}

/** Marks every match under `root` and, when given, the current one apart. */
export function paintMatches(root: Element, query: string, current?: Range): void {
  const api = registry();
  if (!api) return;
  api.highlights.set(MATCH, new api.Highlight(...matchRanges(root, query, 'mark.find-current')));
  if (current) api.highlights.set(CURRENT, new api.Highlight(current));
  else api.highlights.delete(CURRENT);
}

export function clearMatches(): void {
  const api = registry();
  api?.highlights.delete(MATCH);
  api?.highlights.delete(CURRENT);
}
