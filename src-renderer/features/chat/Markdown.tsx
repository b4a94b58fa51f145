import { memo, useDeferredValue, useMemo } from 'react';
import { renderMarkdown } from './markdown';
import './markdown.css';

/** Renders (streaming) Markdown; the deferred value keeps typing responsive on long replies. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const deferred = useDeferredValue(text);
  const html = useMemo(() => renderMarkdown(deferred), [deferred]);
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
});
