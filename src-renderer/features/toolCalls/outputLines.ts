/** How much of a long output a card shows: the first and last lines, and how many are hidden. */
export interface OutputExcerpt {
  head: string;
  tail: string;
  hidden: number;
}

export function excerpt(text: string, headLines = 6, tailLines = 6): OutputExcerpt {
  const lines = text.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  if (lines.length <= headLines + tailLines + 1) return { head: lines.join('\n'), tail: '', hidden: 0 };
  return {
    head: lines.slice(0, headLines).join('\n'),
    tail: lines.slice(-tailLines).join('\n'),
    hidden: lines.length - headLines - tailLines,
  };
}

/** Arguments as label/value rows when they are a JSON object; otherwise one row of text. */
export function argRows(args: string): [string, string][] {
  try {
    const value: unknown = JSON.parse(args);
    if (value && typeof value === 'object' && !Array.isArray(value))
      return Object.entries(value).map(([k, v]) => [
        k,
        typeof v === 'string' ? v : JSON.stringify(v, null, 2),
      ]);
  } catch {
    // Not JSON (a live preview): shown as it is.
  }
  return args.trim() ? [['', args]] : [];
}

/** JSON indented when it parses (a result with no output text); any other text as it is. */
export function prettyJson(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return text;
  }
}
