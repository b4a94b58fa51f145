import { useEffect } from 'react';
import type { ChatEvent } from '../../../src-shared/ipc/chatSchemas';
import { onEvent } from '../../api/client';
import { useChat } from './chatStore';
import { useFind } from './findStore';

/** How long after the session's first change the search runs again: one search for a burst. */
export const REFRESH_MS = 400;

/** Events after which main has stored more of the session (a prompt, a reply, a call's output). */
const STORED: ReadonlySet<ChatEvent['type']> = new Set([
  'turn.started',
  'tool.started',
  'tool.finished',
  'assistant.message',
  'turn.finished',
]);

/**
 * While the find bar shows the hits of a query, the open session's running turn stores more of
 * it: the same query runs again a moment after each change, so the list and count keep up.
 */
export function useFindRefresh(): void {
  const sessionId = useChat((s) => s.sessionId);
  const searching = useFind((s) => s.open && s.searched !== undefined);
  useEffect(() => {
    if (!sessionId || !searching) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onEvent('chat.event', (event) => {
      if (event.sessionId !== sessionId || !STORED.has(event.type)) return;
      timer ??= setTimeout(() => {
        timer = undefined;
        void useFind.getState().refresh(sessionId);
      }, REFRESH_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [sessionId, searching]);
}
