import { api, onConnectionOpen } from '../../api/client';
import { useNotices } from '../../state/noticesStore';
import { startQueries } from '../../state/query';
import { markViewed, useChat } from '../chat/chatStore';
import { startNotifications } from './notifications';
import { useSessions } from '../sessions/sessionsStore';
import { useWorkspace } from '../workspace/workspaceStore';
import { sessionFromUrl, startSessionUrlSync } from './sessionUrl';
import { startTerminalsLater } from './terminalLoader';
// The stores whose data is live from the start: importing them defines their queries, which
// startQueries keeps (sessions, above, is one too).
import '../approvals/approvalsStore';
import '../chat/elicitationStore';
import '../model/modelStore';
import '../settings/allowlistStore';
import '../settings/mcpStore';
import '../settings/settingsStore';
import '../settings/toolsetsStore';
/** What a connect brings back besides the live queries; runs on first connect and every reconnect. */
function reopen(): void {
  void useWorkspace
    .getState()
    .load()
    .then((path) => {
      // A new chat nobody chose a folder for yet is offered the default.
      const chat = useChat.getState();
      if (path && !chat.sessionId && chat.workspace === undefined) chat.setWorkspace(path);
    });
  // After a reload or restart the address names the session that was open.
  const sessionId = useChat.getState().sessionId ?? sessionFromUrl();
  // Events missed while disconnected are in the stored session; a running turn's next event
  // marks the chat running again.
  if (sessionId) void useChat.getState().openSession(sessionId);
}

function onVisible(listener: () => void): () => void {
  const check = () => {
    if (document.visibilityState === 'visible') listener();
  };
  document.addEventListener('visibilitychange', check);
  window.addEventListener('focus', check);
  return () => {
    document.removeEventListener('visibilitychange', check);
    window.removeEventListener('focus', check);
  };
}

/**
 * Connects the contract's events to the stores. Server data follows its own events through the
 * stores' queries (state/query.ts); what is left here joins features. Returns the disconnect.
 */
export function startSync(): () => void {
  const bridge = api();
  const offs = [
    bridge.onChatEvent((event) => useChat.getState().apply(event)),
    bridge.onSessionsDeleted(({ id }) => {
      // Deleted in another window while open here: this window leaves it too, and says why.
      useChat.getState().forget(id);
      if (useSessions.getState().deleted(id) || useChat.getState().sessionId !== id) return;
      useChat.getState().newChat();
      useNotices.getState().push('The session open here was deleted in another window.');
    }),
    startQueries(),
    startTerminalsLater(bridge, {
      sessionId: () => useChat.getState().sessionId,
      streamedOutput: (toolCallId, text) => useChat.getState().streamedOutput(toolCallId, text),
      onSessionChange: (listener) =>
        useChat.subscribe((chat, before) => {
          if (chat.sessionId !== before.sessionId) listener();
        }),
    }),
    startSessionUrlSync(),
    startNotifications(),
    // A page brought back into view has now seen the answer of the session it shows.
    onVisible(() => markViewed(useChat.getState().sessionId)),
    onConnectionOpen(reopen),
  ];
  return () => offs.forEach((off) => off());
}
