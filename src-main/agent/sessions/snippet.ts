/** A word as FTS5's unicode61 tokenizer reads one. */
const WORD = /[\p{L}\p{N}_]+/gu;

/** The query's words, lower case: what a search matches as prefixes. */
export function searchTerms(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).filter(Boolean);
}

/** Words shown before the first match: some context, while the narrow sidebar still shows the match. */
const LEAD = 2;

/**
 * `words` words of `content` around its first word that starts with one of `terms`, each such
 * word marked >>> <<< and a cut end shown as …, as FTS5's snippet() writes them. Made here from
 * the stored text because snippet() tokenizes and scores every fragment of each message, which
 * for a page of large tool outputs costs many times the search itself. A match found only
 * through stemming ("runs" for "running") shows the message's start.
 */
export function snippetOf(content: string, terms: readonly string[], words = 24): string {
  const matches = (word: string) => {
    const lower = word.toLowerCase();
    return terms.some((t) => lower.startsWith(t));
  };
  let spans: Span[] = [];
  let lead = -1;
  for (const m of content.matchAll(WORD)) {
    const hit = matches(m[0]);
    spans.push({ start: m.index, end: m.index + m[0].length, hit });
    if (hit && lead < 0) lead = spans.length - 1;
    // Before the first match a window's worth of words is kept; from it on, a window's worth more.
    if (lead < 0 && spans.length > words) spans.shift();
    else if (lead >= 0 && spans.length - lead >= words) break;
  }
  const found = lead >= 0;
  // A few words before the match; more when the text ends soon after it, up to its start.
  if (found) {
    const from = Math.max(0, Math.min(lead - LEAD, spans.length - words));
    spans = spans.slice(from, from + words);
  }
  if (!found) spans = leadingWords(content, words);
  if (spans.length === 0) return '';
  const begin = spans[0]?.start ?? 0;
  const finish = spans.at(-1)?.end ?? content.length;
  let out = begin > 0 ? '…' : '';
  let at = begin;
  for (const span of spans) {
    if (!span.hit) continue;
    out += `${content.slice(at, span.start)}>>>${content.slice(span.start, span.end)}<<<`;
    at = span.end;
  }
  return out + content.slice(at, finish) + (finish < content.length ? '…' : '');
}

interface Span {
  start: number;
  end: number;
  hit: boolean;
}

function leadingWords(content: string, words: number): Span[] {
  const spans: Span[] = [];
  for (const m of content.matchAll(WORD)) {
    if (spans.length >= words) break;
    spans.push({ start: m.index, end: m.index + m[0].length, hit: false });
  }
  return spans;
}
