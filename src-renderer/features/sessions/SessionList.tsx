import { useEffect, useRef, useState } from 'react';
import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import { useQueryState } from '../../state/query';
import { useChat } from '../chat/chatStore';
import { useSessions } from './sessionsStore';
import { useWorkspace } from '../workspace/workspaceStore';
import { SessionItem } from './SessionItem';
import { rowHeights, rowMeasured } from './rowHeights';
import './sessions.css';

/** The next page is asked for when the last drawn row is this close to the end. */
const LOAD_AHEAD = 15;
/** Rows drawn beyond the view on either side, once the first screen is painted (none before). */
const OVERSCAN = 8;

/**
 * Past sessions, newest first, with full-text search. Only the rows in view are drawn, and the
 * next page loads as the list nears its end, so ten thousand sessions cost what fifty do.
 */
export function SessionList() {
  const sessions = useSessions((s) => s.sessions);
  const hasMore = useSessions((s) => s.hasMore);
  const loadingMore = useSessions((s) => s.loadingMore);
  const search = useSessions((s) => s.search);
  const loading = useQueryState('sessions').status === 'loading';
  const currentId = useChat((s) => s.sessionId);
  const newChat = useChat((s) => s.newChat);
  const [query, setQuery] = useState('');
  const native = useWorkspace((s) => s.native);
  const pick = useWorkspace((s) => s.pick);
  const scroller = useRef<HTMLDivElement>(null);
  // The first frame draws only the rows in view; those around it follow once it is painted.
  const [overscan, setOverscan] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setOverscan(OVERSCAN))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);

  const rows = useVirtualizer({
    count: sessions.length,
    getScrollElement: () => scroller.current,
    // Placed at the height last measured for its kind, a row is measured without moving.
    estimateSize: (index) => (sessions[index]?.snippet ? rowHeights.snippet : rowHeights.plain),
    measureElement: (element, entry, instance) => {
      const size = measureElement(element, entry, instance);
      rowMeasured(sessions[instance.indexFromElement(element)]?.snippet ? 'snippet' : 'plain', size);
      return size;
    },
    getItemKey: (index) => sessions[index]?.id ?? index,
    overscan,
    gap: 2,
    paddingEnd: 12,
    // Drawn before the first measure of the scroller, so the first rows paint with the list.
    initialRect: { width: 240, height: 800 },
  });
  const drawn = rows.getVirtualItems();
  const lastDrawn = drawn.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && lastDrawn >= sessions.length - LOAD_AHEAD)
      void useSessions.getState().loadMore();
  }, [hasMore, loadingMore, lastDrawn, sessions.length]);

  // The desktop app asks for the new session's folder straight away.
  function startChat() {
    newChat();
    if (native)
      void pick().then((path) => {
        if (path && !useChat.getState().sessionId) useChat.getState().setWorkspace(path);
      });
  }

  function typed(text: string) {
    setQuery(text);
    void search(text);
    scroller.current?.scrollTo({ top: 0 });
  }

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
          onChange={(e) => typed(e.target.value)}
        />
      </div>
      <div className="session-items" ref={scroller} data-testid="session-scroller">
        <ul
          className="session-rows"
          aria-busy={loading || loadingMore}
          style={{ height: rows.getTotalSize() }}
        >
          {drawn.map((row) => {
            const session = sessions[row.index];
            if (!session) return null;
            return (
              <SessionItem
                key={row.key}
                ref={rows.measureElement}
                index={row.index}
                top={row.start}
                session={session}
                current={session.id === currentId}
              />
            );
          })}
        </ul>
        {sessions.length === 0 && !loading && (
          <p className="muted session-empty">{query ? 'No session matches.' : 'No sessions yet.'}</p>
        )}
      </div>
    </nav>
  );
}
