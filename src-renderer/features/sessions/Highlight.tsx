/** A piece of a highlighted text: a marked word or the text between. */
export interface Piece {
  text: string;
  marked: boolean;
}

/**
 * `text` cut into pieces, the words that start with one of the query's terms marked, as the
 * search matched them. With `lead`, at most that many words stay in front of the first mark,
 * the rest replaced by `…`, so a one-line snippet shows its hit rather than losing it at the end.
 */
export function highlightPieces(text: string, query: string, lead?: number): Piece[] {
  const terms = (query.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter(Boolean);
  if (terms.length === 0) return [{ text, marked: false }];
  // Odd places hold words, even places what lies between them.
  let parts = text.split(/([\p{L}\p{N}_]+)/u);
  const isHit = (part: string, i: number) =>
    i % 2 === 1 && terms.some((t) => part.toLowerCase().startsWith(t));
  const first = parts.findIndex(isHit);
  if (lead !== undefined && first > 2 * lead + 1) parts = ['…', ...parts.slice(first - 2 * lead)];
  return parts.map((part, i) => ({ text: part, marked: isHit(part, i) })).filter((p) => p.text !== '');
}

/** `text` with the words that start with one of the query's terms marked (see `highlightPieces`). */
export function Highlight({ text, query, lead }: { text: string; query: string; lead?: number }) {
  return (
    <>
      {highlightPieces(text, query, lead).map((piece, i) =>
        piece.marked ? <mark key={i}>{piece.text}</mark> : piece.text,
      )}
    </>
  );
}
