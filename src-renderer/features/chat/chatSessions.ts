import type { ChatEvent } from '../../../src-shared/ipc/chatSchemas';
import { applyChatEvent, type ChatData } from './chatReducer';

/**
 * Every session's chat this window knows: the one in view, and the others whose turns it has
 * seen running. Events of a session out of view update its entry, so switching back shows it
 * as it is; an idle session out of view is dropped and loaded again when opened.
 */
export interface ChatSessions {
  view: ChatData;
  others: Record<string, ChatData>;
}

/** A new chat that is sending adopts the first turn of a session this window does not know. */
function adopts(sessions: ChatSessions, event: ChatEvent): boolean {
  const { view, others } = sessions;
  return (
    view.sessionId === undefined &&
    view.status === 'sending' &&
    others[event.sessionId] === undefined &&
    (event.type === 'turn.started' || event.type === 'turn.queued')
  );
}

/** Applies one event to the session it belongs to; events of sessions not known here are dropped. */
export function routeChatEvent(sessions: ChatSessions, event: ChatEvent): ChatSessions {
  const { view, others } = sessions;
  if (event.sessionId === view.sessionId || adopts(sessions, event)) {
    const next = applyChatEvent(view, event);
    return next === view ? sessions : { view: next, others };
  }
  const entry = others[event.sessionId];
  if (!entry) return sessions;
  const next = applyChatEvent(entry, event);
  return next === entry ? sessions : { view, others: { ...others, [event.sessionId]: next } };
}

/**
 * Moves the view to another chat (`next`, or the kept entry of `nextId`): the chat it leaves is
 * kept while its turn runs.
 */
export function switchView(sessions: ChatSessions, next: ChatData): ChatSessions {
  const { view } = sessions;
  const others = { ...sessions.others };
  if (next.sessionId !== undefined) delete others[next.sessionId];
  if (view.sessionId !== undefined && view.sessionId !== next.sessionId && view.status !== 'idle')
    others[view.sessionId] = view;
  return { view: next, others };
}
