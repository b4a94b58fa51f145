import { memo, useDeferredValue, useLayoutEffect, useRef, type MouseEvent } from 'react';
import { copyText } from '../../ui/CopyButton';
import { markdownTemplate } from './markdown';
import './markdown.css';

/**
 * Renders (streaming) Markdown; the deferred value keeps typing responsive on long replies. The
 * HTML is parsed once per text and cloned into each row that shows it (cheap while scrolling).
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const deferred = useDeferredValue(text);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(markdownTemplate(deferred).content.cloneNode(true));
  }, [deferred]);
  return <div ref={ref} className="markdown" onClick={copyCode} />;
});

/** A code block's copy button (one listener for the whole message). */
function copyCode(event: MouseEvent<HTMLDivElement>): void {
  const button = (event.target as Element).closest('.code-copy');
  const code = button?.parentElement?.querySelector('code')?.textContent;
  if (!button || code === undefined) return;
  void copyText(code).then(() => {
    button.textContent = 'Copied';
  });
}
