import type { ToolCallState } from '../chat/chatReducer';
import { argRows, prettyJson } from './outputLines';
import { StoredOutput } from './StoredOutput';
import { ToolOutput, type OutputFocus } from './ToolOutput';

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
  // A stored call's long output was left out of the session: it is fetched now.
  if (call.outputSize !== undefined && call.result === undefined)
    return (
      <div id={id} className="tool-call-body">
        <ToolArgs args={call.args} />
        <StoredOutput callId={call.id} focus={focus} resultShown={!call.errorText && !call.refusal} />
        {call.errorText && !call.refusal && call.status !== 'error' && (
          <ToolOutput text={call.errorText} title="Error" />
        )}
      </div>
    );
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
