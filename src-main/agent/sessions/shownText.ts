import { Lexer, type Token, type Tokens } from 'marked';
import { shownPrompt } from '../../../src-shared/attachments';
import { FIND_BLOCK_TAGS } from '../../../src-shared/findBlocks';

/**
 * The text an answer's Markdown shows in the chat, for find-in-session: parsed as the chat
 * parses it (GFM), without the marks that format it (`**`, backticks, link targets, table
 * pipes, HTML's tags). A reader searches what they see: "the theme and" finds "the **theme**
 * and". Blocks end with a line break, so no match runs from one into the next, as none does on
 * the page.
 */
export function shownText(markdown: string): string {
  const out: string[] = [];
  blocks(Lexer.lex(markdown, { gfm: true }), out);
  return out.join('');
}

/**
 * The text a prompt's bubble shows: as typed (it is not Markdown), then each attachment's name on
 * a line of its own, as its chip stands apart; what they hold is not shown, so it is not searched.
 */
export function promptShownText(content: string): string {
  const { text, names } = shownPrompt(content);
  return [text, ...names].join('\n');
}

/** Characters of Markdown's inline marks: text without any shows as it is stored, line by line. */
const INLINE_MARKS = /[*_`~[\]\\<&]/;

/** Whether an answer's shown text may hold the query: it does as stored, or marks may join it. */
export function mayShow(markdown: string, pattern: RegExp): boolean {
  pattern.lastIndex = 0;
  return INLINE_MARKS.test(markdown) || pattern.test(markdown);
}

/** A token's own tokens (inline ones for a paragraph, block ones for a quote), if it has any. */
function childrenOf(token: Token): Token[] | undefined {
  return 'tokens' in token && Array.isArray(token.tokens) ? (token.tokens as Token[]) : undefined;
}

function textOf(token: Token): string | undefined {
  return 'text' in token && typeof token.text === 'string' ? token.text : undefined;
}

function blocks(tokens: Token[], out: string[]): void {
  for (const token of tokens) {
    switch (token.type) {
      case 'code':
        out.push((token as Tokens.Code).text, '\n');
        break;
      case 'table': {
        const table = token as Tokens.Table;
        for (const row of [table.header, ...table.rows]) {
          // Cells are blocks of their own on the page: a tab keeps words of two cells apart.
          row.forEach((cell, i) => {
            if (i > 0) out.push('\t');
            inline(cell.tokens, out);
          });
          out.push('\n');
        }
        break;
      }
      case 'list':
        for (const item of (token as Tokens.List).items) blocks(item.tokens, out);
        break;
      case 'html':
        out.push(htmlText((token as Tokens.HTML).text), '\n');
        break;
      case 'space':
      case 'hr':
      case 'def':
        out.push('\n');
        break;
      default: {
        // A paragraph, a heading, a quote, a list item's tight text, or any other block.
        const children = childrenOf(token);
        const text = textOf(token);
        if (children) (token.type === 'blockquote' ? blocks : inline)(children, out);
        else if (text !== undefined) out.push(decodeEntities(text));
        out.push('\n');
      }
    }
  }
}

function inline(tokens: Token[], out: string[]): void {
  // The name of a tag the sanitiser drops with all it holds, from its opening tag to its end.
  let dropping: string | undefined;
  for (const token of tokens) {
    if (dropping !== undefined) {
      const tag = token.type === 'html' ? tagOf((token as Tokens.HTML).text) : undefined;
      if (tag?.closing && tag.name === dropping) dropping = undefined;
      continue;
    }
    switch (token.type) {
      case 'codespan':
        // Code shows character references as written (`&amp;` stays `&amp;`).
        out.push((token as Tokens.Codespan).text);
        break;
      case 'escape':
        out.push((token as Tokens.Escape).text);
        break;
      case 'br':
        out.push('\n');
        break;
      case 'html': {
        // One tag (or a comment) in a line of text.
        const tag = tagOf((token as Tokens.HTML).text);
        if (tag && PARTING_TAG.has(tag.name)) out.push('\n');
        else if (tag && !tag.closing && DROPPED.has(tag.name)) dropping = tag.name;
        break;
      }
      case 'checkbox':
        break;
      default: {
        // Text, strong, em, del, link, image: the words inside the marks.
        const children = childrenOf(token);
        if (children) inline(children, out);
        else out.push(decodeEntities(textOf(token) ?? ''));
      }
    }
  }
}

/** What the chat's sanitiser removes with all it holds (DOMPurify's defaults, and style). */
const DROPPED = new Set([
  ...'script style template noscript iframe svg math textarea'.split(' '),
  ...'title xmp noembed noframes audio video head'.split(' '),
]);
/** Tags that part an answer's text for find: its blocks and a line break. */
const PARTING_TAG = new Set([...FIND_BLOCK_TAGS, 'br']);
const TAG = /^<(\/?)([a-z][a-z0-9-]*)/i;

/** The tag `html` starts with, if it starts with one; its name in lower case. */
function tagOf(html: string): { closing: boolean; name: string } | undefined {
  const tag = TAG.exec(html.slice(0, 64));
  return tag ? { closing: tag[1] === '/', name: (tag[2] ?? '').toLowerCase() } : undefined;
}

/**
 * The text of a block of HTML in an answer, as the chat shows it once sanitised: comments and
 * what the sanitiser drops are gone, a block's tags part its text, other tags join it. One pass
 * that only moves forward, however the model's HTML is broken (a regular expression with a
 * lazy body would go back over the rest of the text for each unclosed tag).
 */
function htmlText(html: string): string {
  let out = '';
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    if (lt < 0) break;
    out += html.slice(at, lt);
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      at = end < 0 ? html.length : end + 3;
      continue;
    }
    const tag = tagOf(html.slice(lt, lt + 64));
    // Not a tag ("a < b"): text.
    if (!tag) {
      out += '<';
      at = lt + 1;
      continue;
    }
    const gt = html.indexOf('>', lt);
    // A tag never closed: no later one is either, and the rest is text.
    if (gt < 0) {
      at = lt;
      break;
    }
    const { closing, name } = tag;
    at = gt + 1;
    if (PARTING_TAG.has(name)) out += '\n';
    else if (!closing && DROPPED.has(name)) {
      const end = new RegExp(`</${name}\\s*>`, 'gi');
      end.lastIndex = at;
      at = end.exec(html) ? end.lastIndex : html.length;
    }
  }
  return decodeEntities(out + html.slice(at));
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  hellip: '…',
  mdash: '—',
  ndash: '–',
};

/** Character references as the page shows them (the common named ones and numeric ones). */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}
