import { useChat } from '../chat/chatStore';

const PREFIX = '#/session/';

/** The session the address names (`#/session/<id>`), so a reload or restart reopens it. */
export function sessionFromUrl(hash: string = location.hash): string | undefined {
  if (!hash.startsWith(PREFIX)) return undefined;
  const id = decodeURIComponent(hash.slice(PREFIX.length));
  return id === '' ? undefined : id;
}

export function urlForSession(id: string | undefined): string {
  return id ? `${PREFIX}${encodeURIComponent(id)}` : '';
}

/**
 * Keeps the address on the open session (replacing the entry, so Back leaves the app as
 * before) and opens a session typed into it. Returns the function that stops both.
 */
export function startSessionUrlSync(): () => void {
  const write = (id: string | undefined) => {
    if (sessionFromUrl() === id) return;
    const { pathname, search } = location;
    history.replaceState(history.state, '', `${pathname}${search}${urlForSession(id)}`);
  };
  write(useChat.getState().sessionId ?? sessionFromUrl());
  const off = useChat.subscribe((state, previous) => {
    if (state.sessionId !== previous.sessionId) write(state.sessionId);
  });
  const onHash = () => {
    const id = sessionFromUrl();
    if (id && id !== useChat.getState().sessionId) void useChat.getState().openSession(id);
  };
  window.addEventListener('hashchange', onHash);
  return () => {
    off();
    window.removeEventListener('hashchange', onHash);
  };
}
