/** Plain-text, case-insensitive matching for find-in-session. */

/** Characters SQLite's lower() folds as JS does: ASCII, and characters without case. */
function foldsInSql(ch: string): boolean {
  return ch.charCodeAt(0) < 128 || ch.toLowerCase() === ch.toUpperCase();
}

/**
 * The part of the lowered query SQL can prefilter rows with: its longest run of characters that
 * SQLite's ASCII-only lower() treats like JS. Undefined when there is none (the query is all
 * non-ASCII letters): every row is then a candidate and JS decides.
 */
export function sqlNeedle(query: string): string | undefined {
  let best = '';
  let run = '';
  for (const ch of query.toLowerCase()) {
    if (foldsInSql(ch)) run += ch;
    else run = '';
    if (run.length > best.length) best = run;
  }
  return best || undefined;
}

/** Words an answer's SQL prefilter requires: at most this many, the longest first. */
const WORD_NEEDLES = 3;

/**
 * The query's longest runs of ASCII letters and digits: what an answer's stored Markdown holds
 * when its shown text holds the query (marks sit between words, not inside them).
 */
export function wordNeedles(query: string): string[] {
  const words = [...new Set(query.toLowerCase().match(/[a-z0-9]+/g) ?? [])];
  return words.sort((a, b) => b.length - a.length).slice(0, WORD_NEEDLES);
}

/** The needle as it appears inside a JSON string (a tool's result or arguments). */
export function jsonEscaped(needle: string): string {
  return JSON.stringify(needle).slice(1, -1);
}

/** A case-insensitive pattern that matches `query` literally. */
export function literalPattern(query: string): RegExp {
  return new RegExp(query.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'), 'giu');
}

/**
 * Where `query` (as `literalPattern` made it) occurs in `text`, without overlaps, and how long
 * each match is. A regular expression, not a lowered copy: 20 KB outputs are not copied again.
 */
export function occurrences(text: string, pattern: RegExp): { offset: number; length: number }[] {
  const out: { offset: number; length: number }[] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    out.push({ offset: m.index, length: m[0].length });
    if (m[0].length === 0) pattern.lastIndex++;
  }
  return out;
}

const SIDE = 40;

/** The match with up to 40 characters either side, on one line. */
export function snippetAt(text: string, offset: number, length: number) {
  const flat = (s: string) => s.replace(/\s+/g, ' ');
  const start = Math.max(0, offset - SIDE);
  const end = Math.min(text.length, offset + length + SIDE);
  return {
    before: (start > 0 ? '…' : '') + flat(text.slice(start, offset)),
    match: text.slice(offset, offset + length),
    after: flat(text.slice(offset + length, end)) + (end < text.length ? '…' : ''),
  };
}

/** A tool call's arguments as its card lists them: each value, one per line. */
export function argsText(args: string): string {
  try {
    const value: unknown = JSON.parse(args);
    if (value && typeof value === 'object' && !Array.isArray(value))
      return Object.values(value)
        .map((v) => (typeof v === 'string' ? v : JSON.stringify(v, null, 2)))
        .join('\n');
  } catch {
    // Not JSON: shown as it is.
  }
  return args;
}
