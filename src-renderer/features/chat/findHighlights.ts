/**
 * Paints find matches with the CSS Custom Highlight API (`::highlight(find-match)`), so the DOM
 * React and the Markdown renderer own is never changed.
 */
import { FIND_BLOCK_TAGS } from '../../../src-shared/findBlocks';

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

/**
 * Elements a line of text does not run across: a match is looked for within one of them, over all
 * the text nodes inside it (a code line's highlighted tokens, a word in bold within a sentence).
 * Each attachment chip's name stands apart from the next, as in the prompt's text the server
 * searches.
 */
const BLOCK = [...FIND_BLOCK_TAGS, 'button', '.attachment-chip'].join(', ');

/**
 * The app's own words inside an answer (a code block's Copy button and language label): the
 * server counts only the answer's text, so the page's n-th match must be found in that alone.
 */
const CHROME = '.code-copy, .code-lang';

/** The text under `root` in order, as pieces, with where each node starts in their joined text. */
interface Flow {
  text: string;
  nodes: Text[];
  starts: number[];
}

/** Where in the page the joined text's `offset` is: the node holding it and the offset in it. */
function locate(flow: Flow, offset: number, end: boolean): [Text, number] | undefined {
  // The last node starting at or before the offset (for an end, strictly before it).
  let lo = 0;
  let hi = flow.nodes.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    const start = flow.starts[mid] ?? 0;
    if (end ? start < offset : start <= offset) lo = mid;
    else hi = mid - 1;
  }
  const node = flow.nodes[lo];
  return node && [node, offset - (flow.starts[lo] ?? 0)];
}

/**
 * Ranges of every occurrence of `query` in the text under `root`, skipping what `skip` matches.
 * A match may span text nodes within one block (see BLOCK), never from one block into the next.
 */
export function matchRanges(root: Element, query: string, skip?: string): Range[] {
  const needle = query.toLowerCase();
  if (!needle) return [];
  const flows: Flow[] = [];
  let flow: Flow | undefined;
  let block: Element | null = null;
  // Text nodes share parents: each parent's block, and whether it is skipped, is looked up once.
  const skipped = skip ? `${skip}, ${CHROME}` : CHROME;
  const blocks = new Map<Element, { block: Element | null; skipped: boolean }>();
  const placeOf = (parent: Element | null) => {
    if (!parent) return { block: null, skipped: false };
    let found = blocks.get(parent);
    if (found === undefined)
      blocks.set(
        parent,
        (found = { block: parent.closest(BLOCK), skipped: parent.closest(skipped) !== null }),
      );
    return found;
  };
  // Elements too, for line breaks: a match does not run across one, as the server's does not.
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let next = walker.nextNode(); next; next = walker.nextNode()) {
    if (!(next instanceof Text)) {
      if (next.nodeName === 'BR') flow = undefined;
      continue;
    }
    const node = next;
    const place = placeOf(node.parentElement);
    // What is skipped ends the text it sat in: no match runs across it.
    if (place.skipped) {
      flow = undefined;
      continue;
    }
    const value = (node.nodeValue ?? '').toLowerCase();
    // Lowering that changes a node's length would shift offsets: such a node stands alone.
    const own = value.length !== (node.nodeValue ?? '').length;
    const at = place.block;
    if (!flow || own || at !== block) flows.push((flow = { text: '', nodes: [], starts: [] }));
    block = own ? null : at;
    flow.nodes.push(node);
    flow.starts.push(flow.text.length);
    flow.text += own ? (node.nodeValue ?? '') : value;
  }
  const ranges: Range[] = [];
  for (const f of flows) {
    for (let at = f.text.indexOf(needle); at !== -1; at = f.text.indexOf(needle, at + needle.length)) {
      const start = locate(f, at, false);
      const end = locate(f, at + needle.length, true);
      if (!start || !end) continue;
      const range = document.createRange();
      range.setStart(...start);
      range.setEnd(...end);
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
