/**
 * An answer with HTML in it, and how many times find counts each query in it: the server's find
 * (shownText) and the page's marks (findHighlights) must agree, or the page marks the wrong match.
 */
export const HTML_ANSWER = [
  '<details>\n<summary>Logs for the run</summary>\n\nbody text\n</details>',
  '',
  '<div align="center">Centered <b>title</b> for Tom &amp; Jerry</div>',
  '',
  '<!-- a comment -->\n<style>p { color: red }</style><script>alert(1)</script>',
  '',
  '<p>para one</p><p>two</p>',
  '',
  'first line  \nsecond line\\\nthird line<br>fourth line<br />fifth line',
  '',
  'Inline <script>hidden()</script>shown text, <kbd>Ctrl</kbd>+F and <div>a block</div> apart',
].join('\n');

export const HTML_ANSWER_COUNTS: Record<string, number> = {
  'Logs for the run': 1,
  'Centered title': 1,
  'Tom & Jerry': 1,
  // Tags, attributes, comments and what is never drawn are not text.
  alert: 0,
  color: 0,
  'a comment': 0,
  summary: 0,
  center: 1,
  // Blocks stand apart: no match runs from one into the next.
  runbody: 0,
  'one two': 0,
  'body text': 1,
  // A line break parts a line's text, whether Markdown's (two spaces, a backslash) or a tag.
  linesecond: 0,
  linethird: 0,
  linefourth: 0,
  linefifth: 0,
  'fifth line': 1,
  // Inline HTML is read as the chat draws it, too.
  hidden: 0,
  'Inline shown text': 1,
  'Ctrl+F': 1,
  'and a block': 0,
  'block apart': 0,
};
