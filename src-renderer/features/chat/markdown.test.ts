// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { markdownTemplate, renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('highlights fenced code of a known language', () => {
    const html = renderMarkdown('```ts\nconst a = 1;\n```');
    expect(html).toContain('class="hljs"');
    expect(html).toContain('hljs-keyword');
  });

  it('removes scripts, event handlers and inline styles from model output', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script><img src="x" onerror="alert(1)"><p style="color:red">t</p>',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('style=');
  });

  it('opens links outside the app without an opener', () => {
    const html = renderMarkdown('[site](https://example.org)');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
  });
});

describe('markdownTemplate', () => {
  it('parses a text once, with a copy button on each code block', () => {
    const text = 'Some `code`:\n\n```ts\nconst a = 1;\n```\n\n```\nplain\n```';
    const template = markdownTemplate(text);
    expect(markdownTemplate(text)).toBe(template);
    const buttons = template.content.querySelectorAll('pre.code-block > button.code-copy');
    expect(buttons).toHaveLength(2);
    expect(buttons[0]?.getAttribute('data-testid')).toBe('code-copy');
  });
});
