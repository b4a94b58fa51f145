import { useEffect } from 'react';
import { useChat } from '../chat/chatStore';
import { prettyJson } from './outputLines';
import { ToolOutput, type OutputFocus } from './ToolOutput';
import { complete, useToolOutputs } from './toolOutputs';

const kb = (chars: number) => `${Math.max(1, Math.round(chars / 1000))} KB`;

/**
 * The output of a stored call, fetched page by page when its card is open. A result that is JSON
 * without output text shows as the card shows it when sent with the session: formatted, as its
 * Result, and not at all beside an error or a refusal (`resultShown` false).
 */
export function StoredOutput({
  callId,
  focus,
  resultShown = true,
}: {
  callId: string;
  focus?: OutputFocus | undefined;
  resultShown?: boolean;
}) {
  const sessionId = useChat((s) => s.sessionId);
  const output = useToolOutputs((s) => s.outputs[callId]);
  const { loadMore, whole } = useToolOutputs.getState();
  // The first page when the card opens; more pages while a find hit lies past what is loaded.
  const wanted = focus ? focus.offset + focus.length : 0;
  const loaded = output?.text.length ?? -1;
  const settled = output !== undefined && (output.loading || output.error !== undefined);
  useEffect(() => {
    if (!sessionId || settled) return;
    if (loaded < 0 || (loaded < wanted && !complete(output))) void loadMore(sessionId, callId);
  }, [sessionId, callId, loadMore, loaded, wanted, settled, output]);

  if (!output || (output.loading && output.text === ''))
    return (
      <p className="tool-output-loading muted" data-testid="tool-output-loading">
        Loading output…
      </p>
    );
  if (output.error && output.text === '')
    return (
      <p className="tool-error" data-testid="tool-output-error">
        {`Could not load the output: ${output.error}`}
      </p>
    );
  const left = output.total - output.fetched;
  const more =
    left > 0 && sessionId ? (
      <button
        type="button"
        className="tool-output-more"
        data-testid="tool-output-more"
        disabled={output.loading}
        onClick={() => void loadMore(sessionId, callId)}
      >
        {output.loading ? 'Loading…' : `Showing ${kb(output.text.length)} of ${kb(output.total)} · Load more`}
      </button>
    ) : undefined;
  if (output.text === '' || (output.wholeResult && !resultShown)) return null;
  const asResult = output.wholeResult === true;
  return (
    <ToolOutput
      text={asResult ? prettyJson(output.text) : output.text}
      title={asResult ? 'Result' : 'Output'}
      footer={more}
      // Find hits count in the stored text, which a formatted result no longer is.
      focus={asResult ? undefined : focus}
      // Copy takes the whole output, fetching what the card has not loaded.
      copy={more && sessionId ? () => whole(sessionId, callId) : undefined}
    />
  );
}
