import { useEffect } from 'react';
import { api } from '../../api/client';
import { useChat } from '../chat/chatStore';
import { ChangesPane } from './ChangesPane';
import { useChanges } from './changesStore';

/** Keeps the shown session's turns current (on switching, after each turn) and shows the pane when open. */
export function ChangesHost() {
  const sessionId = useChat((s) => s.sessionId);
  const open = useChanges((s) => s.open);
  useEffect(() => {
    void useChanges.getState().load(sessionId);
    return api().onChatEvent((event) => {
      if (event.type === 'turn.finished' && event.sessionId === sessionId)
        void useChanges.getState().load(sessionId);
    });
  }, [sessionId]);
  return open ? <ChangesPane /> : null;
}
