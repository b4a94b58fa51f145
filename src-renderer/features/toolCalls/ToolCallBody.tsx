import { useLayoutEffect, useRef } from 'react';
import type { ToolCallState } from '../chat/chatReducer';
import { CopyButton } from '../../ui/CopyButton';
import { argRows, excerpt, prettyJson } from './outputLines';

/** Where a find hit lies in the output; `nonce` changes when it is asked for again. */
export interface OutputFocus {
  offset: number;
  length: number;
  nonce: number;
}

/** The hit to the middle of its output box, then its whole card into view when it fits, else the hit. */
function scrollToHit(hit: HTMLElement): void {
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
  focus,
}: {
  text: string;
  title: string;
  focus?: OutputFocus | undefined;
}) {
  const { head, tail, hidden } = excerpt(text);
  const focused = focus && focus.offset + focus.length <= text.length ? focus : undefined;
  return (
    <section className="tool-section">
      <div className="tool-section-head">
        <h4>{title}</h4>
        <CopyButton text={text} label="Copy output" testId="tool-output-copy" />
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
    </section>
  );
}

function ToolArgs({ args }: { args: string }) {
  const rows = argRows(args);
  if (rows.length === 0) return null;
  return (
    <section className="tool-section">
      <h4>Arguments</h4>
      <dl className="tool-args" data-testid="tool-args">
        {rows.map(([key, value], i) => (
          <div key={`${key}:${i}`} className="tool-arg">
            {key && <dt>{key}</dt>}
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** What an opened card shows: arguments as a form, then output or error as text. */
export function ToolCallBody({
  call,
  id,
  focus,
}: {
  call: ToolCallState;
  id: string;
  focus?: OutputFocus | undefined;
}) {
  const finished = call.result !== undefined;
  return (
    <div id={id} className="tool-call-body">
      <ToolArgs args={call.args} />
      {!finished && call.output && <ToolOutput text={call.output} title="Output so far" />}
      {finished && call.outputText !== undefined && call.outputText !== '' && (
        <ToolOutput text={call.outputText} title="Output" focus={focus} />
      )}
      {finished && call.errorText && !call.refusal && call.status !== 'error' && (
        <ToolOutput text={call.errorText} title="Error" />
      )}
      {finished &&
        call.outputText === undefined &&
        !call.errorText &&
        !call.refusal &&
        call.result !== '' && <ToolOutput text={prettyJson(call.result ?? '')} title="Result" />}
    </div>
  );
}
