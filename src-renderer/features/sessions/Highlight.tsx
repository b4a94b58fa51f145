/** `text` with the words that start with one of the query's terms marked, as the search matched them. */
export function Highlight({ text, query }: { text: string; query: string }) {
  const terms = (query.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter(Boolean);
  if (terms.length === 0) return <>{text}</>;
  const parts = text.split(/([\p{L}\p{N}_]+)/u);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 && terms.some((t) => part.toLowerCase().startsWith(t)) ? (
          <mark key={i}>{part}</mark>
        ) : (
          part
        ),
      )}
    </>
  );
}
