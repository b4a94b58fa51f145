import type { ToolCallState } from '../chat/chatReducer';
import { CopyButton } from '../../ui/CopyButton';
import { argRows, excerpt, prettyJson } from './outputLines';

/** Output as monospace text: the first and last lines, with how many lie between. */
export function ToolOutput({ text, title }: { text: string; title: string }) {
  const { head, tail, hidden } = excerpt(text);
  return (
    <section className="tool-section">
      <div className="tool-section-head">
        <h4>{title}</h4>
        <CopyButton text={text} label="Copy output" testId="tool-output-copy" />
      </div>
      <pre className="tool-pre" data-testid="tool-output">
        {head}
        {hidden > 0 && (
          <span className="tool-hidden-lines" data-testid="tool-hidden-lines">
            {`\n… +${hidden} lines …\n`}
          </span>
        )}
        {tail}
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
export function ToolCallBody({ call, id }: { call: ToolCallState; id: string }) {
  const finished = call.result !== undefined;
  return (
    <div id={id} className="tool-call-body">
      <ToolArgs args={call.args} />
      {!finished && call.output && <ToolOutput text={call.output} title="Output so far" />}
      {finished && call.outputText !== undefined && call.outputText !== '' && (
        <ToolOutput text={call.outputText} title="Output" />
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
