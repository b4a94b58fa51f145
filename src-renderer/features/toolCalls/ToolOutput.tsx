import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { CopyButton } from '../../ui/CopyButton';
import { excerpt } from './outputLines';

/** Where a find hit lies in the output; `nonce` changes when it is asked for again. */
export interface OutputFocus {
  offset: number;
  length: number;
  nonce: number;
}

/** The hit to the middle of its output box, then its whole card into view when it fits, else the hit. */
export function scrollToHit(hit: HTMLElement): void {
  const pre = hit.closest('pre');
  if (pre) {
    const at = hit.getBoundingClientRect();
    pre.scrollTop += at.top - pre.getBoundingClientRect().top - (pre.clientHeight - at.height) / 2;
  }
  const card = hit.closest('[data-testid="tool-call"]');
  const list = hit.closest('[data-testid="message-list"]');
  const fits = card && list && card.getBoundingClientRect().height < list.clientHeight * 0.8;
  if (fits) card.scrollIntoView({ block: 'nearest' });
  else hit.scrollIntoView({ block: 'center' });
}

/** The whole output with the find hit marked and scrolled into view (within the card, then the list). */
function FocusedOutput({ text, focus }: { text: string; focus: OutputFocus }) {
  const mark = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (mark.current) scrollToHit(mark.current);
  }, [focus.offset, focus.nonce]);
  const end = focus.offset + focus.length;
  return (
    <>
      {text.slice(0, focus.offset)}
      <mark ref={mark} className="find-current" data-testid="find-current">
        {text.slice(focus.offset, end)}
      </mark>
      {text.slice(end)}
    </>
  );
}

/**
 * Output as monospace text: the first and last lines, with how many lie between; all of it, with
 * the hit marked, while a find hit lies in it.
 */
export function ToolOutput({
  text,
  title,
  footer,
  focus,
  copy,
}: {
  text: string;
  title: string;
  footer?: ReactNode;
  focus?: OutputFocus | undefined;
  /** What Copy copies when `text` is only part of the output: the whole, fetched. */
  copy?: (() => Promise<string>) | undefined;
}) {
  const { head, tail, hidden } = excerpt(text);
  const focused = focus && focus.offset + focus.length <= text.length ? focus : undefined;
  return (
    <section className="tool-section">
      <div className="tool-section-head">
        <h4>{title}</h4>
        <CopyButton text={copy ?? text} label="Copy output" testId="tool-output-copy" />
      </div>
      <pre className="tool-pre" data-testid="tool-output">
        {focused ? (
          <FocusedOutput text={text} focus={focused} />
        ) : (
          <>
            {head}
            {hidden > 0 && (
              <span className="tool-hidden-lines" data-testid="tool-hidden-lines">
                {`\n… +${hidden} lines …\n`}
              </span>
            )}
            {tail}
          </>
        )}
      </pre>
      {footer}
    </section>
  );
}
