import { api, onConnectionOpen } from '../../api/client';
import { useAllowlist } from '../settings/allowlistStore';
import { useApprovals } from '../approvals/approvalsStore';
import { useChat } from '../chat/chatStore';
import { useElicitations } from '../chat/elicitationStore';
import { useMcp } from '../settings/mcpStore';
import { useModel } from '../model/modelStore';
import { useNotices } from '../../state/noticesStore';
import { useSessions } from '../sessions/sessionsStore';
import { useSettings } from '../settings/settingsStore';
import { useToolsets } from '../settings/toolsetsStore';
import { useWorkspace } from '../workspace/workspaceStore';
import { startTerminalSync } from '../terminal/terminalSync';
import { sessionFromUrl, startSessionUrlSync } from './sessionUrl';

/** Reads everything the UI shows; runs on first connect and again after every reconnect. */
function loadAll(): void {
  void useSettings.getState().load();
  void useToolsets.getState().load();
  void useAllowlist.getState().load();
  void useApprovals.getState().load();
  void useMcp.getState().load();
  void useModel.getState().load();
  void useElicitations.getState().load();
  void useSessions.getState().refresh();
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

/** Connects the contract's events to the stores. Returns the function that disconnects them. */
export function startSync(): () => void {
  const bridge = api();
  const offs = [
    bridge.onChatEvent((event) => {
      useChat.getState().apply(event);
      if (event.type === 'turn.finished' || event.type === 'turn.started')
        void useSessions.getState().refresh();
    }),
    bridge.onSessionsDeleted(({ id }) => {
      // Deleted in another window while open here: this window leaves it too, and says why.
      if (useSessions.getState().deleted(id) || useChat.getState().sessionId !== id) return;
      useChat.getState().newChat();
      useNotices.getState().push('The session open here was deleted in another window.');
    }),
    bridge.onApprovalRequested((request) => useApprovals.getState().requested(request)),
    bridge.onApprovalResolved(({ id }) => useApprovals.getState().resolved(id)),
    bridge.onMcpElicitation((request) => useElicitations.getState().requested(request)),
    bridge.onMcpElicitationResolved(({ id }) => useElicitations.getState().resolved(id)),
    bridge.onSettingsChanged((settings) => {
      useSettings.getState().received(settings);
      // Toolset switches, MCP servers and the allowlist (an approval's "Always") live in config.yaml too.
      void useToolsets.getState().load();
      void useMcp.getState().load();
      void useModel.getState().load();
      void useAllowlist.getState().load();
    }),
    startTerminalSync(bridge),
    startSessionUrlSync(),
    onConnectionOpen(loadAll),
  ];
  return () => offs.forEach((off) => off());
}
