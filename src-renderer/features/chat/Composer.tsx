import { useEffect, useState, type KeyboardEvent } from 'react';
import { useChat } from '../../stores/chatStore';
import { Icon } from '../../ui/Icon';
import { loadDraft, saveDraft } from './drafts';

/**
 * The message box: Enter sends, Shift+Enter breaks the line; Stop cancels a running turn.
 * Each session keeps its own unsent draft.
 */
export function Composer() {
  const status = useChat((s) => s.status);
  const send = useChat((s) => s.send);
  const cancel = useChat((s) => s.cancel);
  const sessionId = useChat((s) => s.sessionId);
  const [text, setText] = useState(() => loadDraft(sessionId));
  const busy = status !== 'idle';

  useEffect(() => setText(loadDraft(sessionId)), [sessionId]);

  function edit(value: string) {
    setText(value);
    saveDraft(sessionId, value);
  }

  async function submit() {
    const message = text;
    if (!message.trim() || busy) return;
    edit('');
    if (!(await send(message))) edit(message);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <textarea
        data-testid="chat-input"
        aria-label="Message"
        placeholder="Ask Caduceus to do something…"
        rows={3}
        value={text}
        onChange={(e) => edit(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="composer-buttons">
        {busy && (
          <button
            type="button"
            className="danger"
            data-testid="stop-button"
            aria-label="Stop the running turn"
            disabled={status === 'cancelling'}
            onClick={() => void cancel()}
          >
            <Icon name="stop" /> Stop
          </button>
        )}
        <button type="submit" className="primary" data-testid="chat-send" disabled={busy || !text.trim()}>
          Send
        </button>
      </div>
    </form>
  );
}
