/**
 * The elements of a message's text that find takes as blocks: no match runs from one into the
 * next, nor across a line break. The page marks matches with this list (findHighlights) and the
 * server counts them with it (shownText), so the two agree on which match is the n-th.
 */
export const FIND_BLOCK_TAGS: readonly string[] =
  'p li pre h1 h2 h3 h4 h5 h6 td th dt dd blockquote summary div section article'.split(' ');
