import DOMPurify from 'dompurify';
import hljs from 'highlight.js/lib/common';
import { Marked, type Tokens } from 'marked';
import { inBackgroundSlices } from '../../ui/backgroundSlices';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const marked = new Marked({ gfm: true });
marked.use({
  renderer: {
    code({ text, lang }: Tokens.Code) {
      const language = lang?.trim().split(/\s+/)[0];
      const known = language && hljs.getLanguage(language) ? language : undefined;
      const body = known
        ? hljs.highlight(text, { language: known, ignoreIllegals: true }).value
        : escapeHtml(text);
      const label = language ? `<span class="code-lang">${escapeHtml(language)}</span>` : '';
      return `<pre class="code-block">${label}<code class="hljs">${body}</code></pre>`;
    },
  },
});

// Model output is untrusted: links leave the app, nothing else may run or load.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

const PURIFY = { FORBID_TAGS: ['style', 'form', 'input', 'button'], FORBID_ATTR: ['style'] };

/**
 * Markdown as sanitised nodes, with highlighted fenced code: the sanitiser's own tree is kept,
 * not written out as HTML and parsed a second time.
 */
function renderFragment(text: string): DocumentFragment {
  const html = marked.parse(text, { async: false });
  return DOMPurify.sanitize(html, { ...PURIFY, RETURN_DOM_FRAGMENT: true });
}

/** Markdown to sanitised HTML, with highlighted fenced code. */
export function renderMarkdown(text: string): string {
  const html = marked.parse(text, { async: false });
  return DOMPurify.sanitize(html, PURIFY);
}

/** Source characters whose rendering is kept, newest read last; streamed drafts age out first. */
const CACHE_CHARS = 2_000_000;
const rendered = new Map<string, HTMLTemplateElement>();
let cachedChars = 0;

/**
 * The rendered Markdown of `text` as a template, once per text: a message scrolled out of the
 * virtual transcript and back, or shown again after a session switch, is not parsed again, only
 * cloned. Its code blocks carry their copy buttons (sanitised HTML may hold none).
 */
export function markdownTemplate(text: string): HTMLTemplateElement {
  const hit = rendered.get(text);
  if (hit !== undefined) {
    rendered.delete(text);
    rendered.set(text, hit);
    return hit;
  }
  const template = document.createElement('template');
  template.content.append(renderFragment(text));
  for (const block of template.content.querySelectorAll('pre.code-block')) {
    const button = template.content.ownerDocument.createElement('button');
    button.type = 'button';
    button.className = 'copy-button code-copy';
    button.dataset.testid = 'code-copy';
    button.textContent = 'Copy';
    button.setAttribute('aria-label', 'Copy code');
    block.prepend(button);
  }
  rendered.set(text, template);
  cachedChars += text.length;
  for (const [oldest] of rendered) {
    if (cachedChars <= CACHE_CHARS) break;
    rendered.delete(oldest);
    cachedChars -= oldest.length;
  }
  return template;
}

/**
 * Renders `texts` into the cache in background slices, so scrolling through a long transcript
 * draws rows without parsing them. Returns a function that stops it.
 */
export function warmMarkdown(texts: string[]): () => void {
  let next = 0;
  return inBackgroundSlices(() => {
    const text = texts[next++];
    if (text) markdownTemplate(text);
    return next < texts.length;
  });
}

/** Languages models write most: highlight.js builds a language's matchers on its first use. */
const COMMON_LANGUAGES = [
  'typescript',
  'javascript',
  'bash',
  'python',
  'json',
  'diff',
  'yaml',
  'xml',
  'css',
  'go',
  'rust',
  'sql',
];

/**
 * Readies the renderer while the page is idle: the parser's and sanitiser's first run and each
 * common language's matchers, so the first messages of a session opened later draw sooner.
 */
export function warmRenderer(): () => void {
  const samples = [
    '# a\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- *b* `c` [d](https://example.org)',
    ...COMMON_LANGUAGES.map((language) => `\`\`\`${language}\nx\n\`\`\``),
  ];
  let next = 0;
  return inBackgroundSlices(() => {
    renderFragment(samples[next++] ?? '');
    return next < samples.length;
  });
}
