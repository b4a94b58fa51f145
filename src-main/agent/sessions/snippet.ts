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
  let found = false;
  for (const m of content.matchAll(WORD)) {
    const hit = matches(m[0]);
    spans.push({ start: m.index, end: m.index + m[0].length, hit });
    found ||= hit;
    // Until the first match only the last few words are kept; from it on, the window fills.
    if (!found && spans.length > LEAD) spans.shift();
    else if (found && spans.length >= words) break;
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
