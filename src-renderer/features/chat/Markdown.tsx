import { memo, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { copyText } from '../../ui/CopyButton';
import { renderMarkdownOnce } from './markdown';
import './markdown.css';

/** Renders (streaming) Markdown; the deferred value keeps typing responsive on long replies. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const deferred = useDeferredValue(text);
  const html = useMemo(() => renderMarkdownOnce(deferred), [deferred]);
  const ref = useRef<HTMLDivElement>(null);
  // Sanitised HTML may hold no buttons, so each code block gets its copy button here.
  useEffect(() => {
    for (const block of ref.current?.querySelectorAll('pre.code-block') ?? []) addCopyButton(block);
  }, [html]);
  return <div ref={ref} className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
});

function addCopyButton(block: Element): void {
  if (block.querySelector(':scope > .code-copy')) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy-button code-copy';
  button.dataset.testid = 'code-copy';
  button.textContent = 'Copy';
  button.setAttribute('aria-label', 'Copy code');
  button.addEventListener('click', () => {
    const code = block.querySelector('code')?.textContent ?? '';
    void copyText(code).then(() => {
      button.textContent = 'Copied';
    });
  });
  block.prepend(button);
}
