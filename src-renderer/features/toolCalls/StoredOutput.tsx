import { useEffect } from 'react';
import { useChat } from '../chat/chatStore';
import { ToolOutput, type OutputFocus } from './ToolOutput';
import { complete, useToolOutputs } from './toolOutputs';

const kb = (chars: number) => `${Math.max(1, Math.round(chars / 1000))} KB`;

/** The output of a stored call, fetched page by page when its card is open. */
export function StoredOutput({ callId, focus }: { callId: string; focus?: OutputFocus | undefined }) {
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
  return output.text === '' ? null : (
    <ToolOutput
      text={output.text}
      title="Output"
      footer={more}
      focus={focus}
      // Copy takes the whole output, fetching what the card has not loaded.
      copy={more && sessionId ? () => whole(sessionId, callId) : undefined}
    />
  );
}
