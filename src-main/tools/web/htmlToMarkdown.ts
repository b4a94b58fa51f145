/** Turns a fetched HTML page into Markdown: the main article when one is found, else the body. */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';

export interface PageText {
  title: string;
  markdown: string;
}

/** Readability needs this much text to trust that it found the article. */
const MIN_ARTICLE_CHARS = 200;

const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
});
turndown.remove(['script', 'style', 'noscript', 'template', 'iframe', 'svg', 'canvas']);
// Inline images as base64 would flood the result; keep their alt text.
turndown.addRule('dataImages', {
  filter: (node) => node.nodeName === 'IMG' && (node.getAttribute('src') ?? '').startsWith('data:'),
  replacement: (_content, node) => (node.getAttribute('alt') ?? '').trim(),
});

export function htmlToMarkdown(html: string, pageUrl: string): PageText {
  const { document } = parseHTML(html);
  absolutiseLinks(document, pageUrl);
  const fallbackTitle = document.title?.trim() ?? '';
  const bodyHtml = document.body?.innerHTML ?? html;

  let article: ReturnType<Readability['parse']> = null;
  try {
    article = new Readability(document as unknown as Document).parse();
  } catch {
    // Readability gives up on some malformed documents; the whole body still converts.
  }
  const articleText = article?.textContent?.trim() ?? '';
  const useArticle = Boolean(article?.content) && articleText.length >= MIN_ARTICLE_CHARS;
  const markdown = turndown.turndown(useArticle ? (article?.content ?? '') : bodyHtml);
  return {
    title: (useArticle ? article?.title?.trim() : '') || fallbackTitle,
    markdown: tidy(markdown),
  };
}

/** Relative links are useless to a model that reads the page out of context. */
function absolutiseLinks(document: ReturnType<typeof parseHTML>['document'], pageUrl: string): void {
  const baseHref = document.querySelector('base[href]')?.getAttribute('href');
  const base = resolve(baseHref ?? '', pageUrl) ?? pageUrl;
  for (const [selector, attribute] of [
    ['a[href]', 'href'],
    ['img[src]', 'src'],
  ] as const) {
    for (const element of document.querySelectorAll(selector)) {
      const value = element.getAttribute(attribute) ?? '';
      if (value.startsWith('data:') || value.startsWith('#')) continue;
      const absolute = resolve(value, base);
      if (absolute) element.setAttribute(attribute, absolute);
    }
  }
}

function resolve(value: string, base: string): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value, base).href;
  } catch {
    return undefined;
  }
}

function tidy(markdown: string): string {
  return markdown.replace(/\n{3,}/g, '\n\n').trim();
}
