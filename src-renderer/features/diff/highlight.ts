import hljs from 'highlight.js/lib/common';

/** Past this many lines a diff is shown plain: highlighting each line costs more than it helps. */
const MAX_HIGHLIGHTED_LINES = 4_000;

/** highlight.js's language for a file, from its extension or its name (Makefile); none when unknown. */
export function languageOf(path: string): string | undefined {
  const name = path.split('/').pop() ?? '';
  const dot = name.lastIndexOf('.');
  const candidates = [dot > 0 ? name.slice(dot + 1) : '', name].map((c) => c.toLowerCase());
  return candidates.find((c) => c !== '' && hljs.getLanguage(c) !== undefined);
}

export type Highlighter = (text: string) => string | undefined;

/**
 * Highlights one line at a time, as markup highlight.js builds: it escapes the text itself, so
 * what a file holds is never read as markup. A construct that spans lines (a block comment) is
 * coloured line by line, as most diff views do.
 */
export function highlighterFor(path: string, lineCount: number): Highlighter {
  const language = languageOf(path);
  if (!language || lineCount > MAX_HIGHLIGHTED_LINES) return () => undefined;
  return (text) => hljs.highlight(text, { language, ignoreIllegals: true }).value;
}
