import { useEffect, useState } from 'react';
import { useQueryState } from '../../state/query';
import { useChat } from '../chat/chatStore';
import { useSessions } from './sessionsStore';
import { useWorkspace } from '../workspace/workspaceStore';
import { SessionItem } from './SessionItem';
import './sessions.css';

const SEARCH_DEBOUNCE_MS = 200;

/** Past sessions, newest first, with full-text search. */
export function SessionList() {
  const sessions = useSessions((s) => s.sessions);
  const search = useSessions((s) => s.search);
  const loading = useQueryState('sessions').status === 'loading';
  const currentId = useChat((s) => s.sessionId);
  const newChat = useChat((s) => s.newChat);
  const [query, setQuery] = useState('');
  const native = useWorkspace((s) => s.native);
  const pick = useWorkspace((s) => s.pick);

  // The desktop app asks for the new session's folder straight away.
  function startChat() {
    newChat();
    if (native)
      void pick().then((path) => {
        if (path && !useChat.getState().sessionId) useChat.getState().setWorkspace(path);
      });
  }

  useEffect(() => {
    const timer = setTimeout(() => void search(query), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, search]);

  return (
    <nav className="session-list" data-testid="session-list" aria-label="Sessions">
      <div className="session-list-head">
        <button type="button" className="primary" data-testid="new-chat" onClick={startChat}>
          + New chat
        </button>
        <input
          type="search"
          placeholder="Search sessions"
          aria-label="Search sessions"
          title="Search sessions (Ctrl+K)"
          data-testid="session-search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <ul className="session-items" aria-busy={loading}>
        {sessions.map((s) => (
          <SessionItem key={s.id} session={s} current={s.id === currentId} />
        ))}
        {sessions.length === 0 && !loading && (
          <li className="muted session-empty">{query ? 'No session matches.' : 'No sessions yet.'}</li>
        )}
      </ul>
    </nav>
  );
}
