import { useRef } from 'react';
import { useChat } from './chatStore';
import { useModel } from '../model/modelStore';
import { ModelSetup } from '../model/ModelSetup';
import { useElicitations } from './elicitationStore';
import { ClarifyPrompt } from './ClarifyPrompt';
import { ElicitationForm } from './ElicitationForm';
import { TranscriptRows } from './TranscriptRows';
import { useTerminalOpen } from '../app/useTerminalOpen';

/**
 * The transcript. It follows streaming output only while the reader is at the bottom; scrolled
 * up, the view stays put. Its rows are virtual (TranscriptRows), so a session's size does not
 * matter; this component changes only when a chat gains or loses its first message.
 */
export function MessageList() {
  const empty = useChat((s) => s.order.length === 0);
  const clarify = useChat((s) => s.clarify);
  const forms = useElicitations((s) => s.pending);
  const sessionId = useChat((s) => s.sessionId);
  const modelMissing = useModel((s) => s.status?.ready === false);
  const setupOpen = useModel((s) => s.setupOpen);
  const terminalOpen = useTerminalOpen();
  const scroller = useRef<HTMLDivElement>(null);

  return (
    <div
      ref={scroller}
      className="message-list"
      data-testid="message-list"
      role="log"
      aria-label="Conversation"
    >
      <div className="message-column">
        {(setupOpen || (modelMissing && empty)) && <ModelSetup />}
        {empty && !modelMissing && !setupOpen && (
          <div className="empty-chat">
            <h2>What should Caduceus do?</h2>
            <p className="muted" data-testid="welcome-hint">
              {terminalOpen
                ? 'Commands it runs appear in the terminal pane; dangerous ones wait for you.'
                : 'Commands it runs show on their cards; open the terminal (top right) to watch them run. Dangerous ones wait for you.'}
            </p>
          </div>
        )}
        {!empty && (
          <TranscriptRows
            key={sessionId ?? 'new'}
            sessionId={sessionId}
            scroller={scroller}
            below={`${clarify?.id ?? ''}:${forms.length}`}
          />
        )}
        {clarify && <ClarifyPrompt key={clarify.id} prompt={clarify} />}
        {forms.map((form) => (
          <ElicitationForm key={form.id} request={form} />
        ))}
      </div>
    </div>
  );
}
