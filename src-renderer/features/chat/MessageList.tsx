import { useLayoutEffect, useRef } from 'react';
import { useChat } from './chatStore';
import { useModel } from '../model/modelStore';
import { ModelSetup } from '../model/ModelSetup';
import { useElicitations } from './elicitationStore';
import { ClarifyPrompt } from './ClarifyPrompt';
import { ElicitationForm } from './ElicitationForm';
import { MessageItem } from './MessageItem';
import { TurnChip } from '../changes/TurnChip';
import { useChanges } from '../changes/changesStore';
import { useTerminalOpen } from '../app/useTerminalOpen';
import { useRevealScroll } from './useRevealScroll';

/** Pixels from the bottom within which the list keeps following new output. */
const STICK_THRESHOLD = 48;

/**
 * The transcript. It follows streaming output only while the reader is at the bottom; scrolled
 * up, the view stays put (the browser's scroll anchoring keeps it steady as cards expand).
 */
export function MessageList() {
  const order = useChat((s) => s.order);
  const messages = useChat((s) => s.messages);
  const toolCalls = useChat((s) => s.toolCalls);
  const clarify = useChat((s) => s.clarify);
  const forms = useElicitations((s) => s.pending);
  const sessionId = useChat((s) => s.sessionId);
  const turnChanges = useChanges((s) => s.changes);
  const modelMissing = useModel((s) => s.status?.ready === false);
  const setupOpen = useModel((s) => s.setupOpen);
  const terminalOpen = useTerminalOpen();
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);

  useLayoutEffect(() => {
    stick.current = true;
  }, [sessionId]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [messages, toolCalls, clarify, order, turnChanges]);
  useRevealScroll(scroller, stick);

  const visible = order.flatMap((id) => {
    const m = messages[id];
    return m && (m.role === 'user' || m.role === 'assistant') ? [m] : [];
  });

  return (
    <div
      ref={scroller}
      className="message-list"
      data-testid="message-list"
      role="log"
      aria-label="Conversation"
      onScroll={(e) => {
        const el = e.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_THRESHOLD;
      }}
    >
      <div className="message-column">
        {(setupOpen || (modelMissing && visible.length === 0)) && <ModelSetup />}
        {visible.length === 0 && !modelMissing && !setupOpen && (
          <div className="empty-chat">
            <h2>What should Caduceus do?</h2>
            <p className="muted" data-testid="welcome-hint">
              {terminalOpen
                ? 'Commands it runs appear in the terminal pane; dangerous ones wait for you.'
                : 'Commands it runs show on their cards; open the terminal (top right) to watch them run. Dangerous ones wait for you.'}
            </p>
          </div>
        )}
        {withTurnEnds(visible).map((item) =>
          'turnEnd' in item ? (
            <TurnChip key={`turn-${item.turnEnd}`} turn={item.turnEnd} />
          ) : (
            <MessageItem key={item.id} message={item} />
          ),
        )}
        {clarify && <ClarifyPrompt key={clarify.id} prompt={clarify} />}
        {forms.map((form) => (
          <ElicitationForm key={form.id} request={form} />
        ))}
      </div>
    </div>
  );
}

/** The messages with a marker after each turn (a turn is a prompt and what answered it). */
function withTurnEnds<M extends { role: string }>(messages: M[]): (M | { turnEnd: number })[] {
  const out: (M | { turnEnd: number })[] = [];
  let turn = 0;
  for (const m of messages) {
    if (m.role === 'user') {
      if (turn > 0) out.push({ turnEnd: turn });
      turn++;
    }
    out.push(m);
  }
  if (turn > 0) out.push({ turnEnd: turn });
  return out;
}
