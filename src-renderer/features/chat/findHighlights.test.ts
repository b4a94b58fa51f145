// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { HTML_ANSWER, HTML_ANSWER_COUNTS } from '../../../src-shared/testing/findSamples';
import { matchRanges } from './findHighlights';
import { renderMarkdown } from './markdown';

function html(markup: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = markup;
  document.body.append(root);
  return root;
}

const texts = (ranges: Range[]) => ranges.map((r) => r.toString());

afterEach(() => document.body.replaceChildren());

describe('matchRanges', () => {
  it('finds every occurrence in a text node, case aside, without overlaps', () => {
    const root = html('<p>Step 2: step 2: STEP</p>');
    expect(texts(matchRanges(root, 'step'))).toEqual(['Step', 'step', 'STEP']);
    expect(texts(matchRanges(root, 'aa'))).toEqual([]);
    expect(matchRanges(root, '')).toEqual([]);
  });

  it('finds a match across the tokens of a highlighted code line', () => {
    const root = html(
      '<pre><code><span class="k">return</span> <span>input</span>.<span>length</span> * <span class="n">5</span>;</code></pre>',
    );
    const [range, ...rest] = matchRanges(root, 'input.length * 5;');
    expect(rest).toEqual([]);
    expect(range?.toString()).toBe('input.length * 5;');
    expect(range?.startContainer.nodeValue).toBe('input');
    expect(range?.startOffset).toBe(0);
    expect(range?.endContainer.nodeValue).toBe(';');
    expect(range?.endOffset).toBe(1);
  });

  it('finds a match across a word in bold, and ends a match at the end of a node', () => {
    const root = html('<p>I looked at the <strong>theme</strong> and the <code>driver</code></p>');
    expect(texts(matchRanges(root, 'the theme and'))).toEqual(['the theme and']);
    const [range] = matchRanges(root, 'the theme');
    // Ends inside the bold word's node, not at the start of the text after it.
    expect(range?.endContainer.nodeValue).toBe('theme');
    expect(texts(matchRanges(root, 'the driver'))).toEqual(['the driver']);
  });

  it('never runs a match from one block into the next', () => {
    const root = html('<h2>Step 5: driver</h2><p>I looked</p><ul><li>one</li><li>two</li></ul>');
    expect(matchRanges(root, 'driveri')).toEqual([]);
    expect(matchRanges(root, 'onetwo')).toEqual([]);
    expect(texts(matchRanges(root, 'driver'))).toEqual(['driver']);
  });

  it('never matches the app’s own words in an answer: a code block’s Copy button and language', () => {
    const root = html(
      '<pre class="code-block"><button class="copy-button code-copy">Copy</button>' +
        '<span class="code-lang">ts</span><code class="hljs">run()</code></pre><p>Copy the tests</p>',
    );
    // The server counts only the answer's own text: the page's n-th match must be its n-th hit.
    expect(texts(matchRanges(root, 'copy'))).toEqual(['Copy']);
    expect(matchRanges(root, 'copy')[0]?.startContainer.parentElement?.tagName).toBe('P');
    expect(matchRanges(root, 'ts').map((r) => r.startContainer.parentElement?.tagName)).toEqual(['P']);
    expect(matchRanges(root, 'tsrun')).toEqual([]);
  });

  it('counts in an answer’s sanitised HTML what the server’s find counts', () => {
    const root = html(renderMarkdown(HTML_ANSWER));
    const counts = Object.keys(HTML_ANSWER_COUNTS).map((q) => [q, matchRanges(root, q).length]);
    expect(Object.fromEntries(counts)).toEqual(HTML_ANSWER_COUNTS);
  });

  it('keeps a prompt’s text and each attachment chip apart, as find on the server does', () => {
    const root = html(
      '<div class="bubble">Compare these<div class="attachment-chips">' +
        '<span class="attachment-chip"><svg></svg>spec.md</span>' +
        '<span class="attachment-chip"><svg></svg>notes.txt</span></div></div>',
    );
    expect(matchRanges(root, 'mdnotes')).toEqual([]);
    expect(matchRanges(root, 'thesespec')).toEqual([]);
    expect(texts(matchRanges(root, '.md'))).toEqual(['.md']);
  });

  it('skips what the skip selector matches, and runs no match across it', () => {
    const root = html('<p>alpha <span class="card">beta</span> gamma</p>');
    expect(matchRanges(root, 'beta', '.card')).toEqual([]);
    expect(matchRanges(root, 'alpha  gamma', '.card')).toEqual([]);
    expect(texts(matchRanges(root, 'gamma', '.card'))).toEqual(['gamma']);
    expect(texts(matchRanges(root, 'alpha beta gamma'))).toEqual(['alpha beta gamma']);
  });
});
