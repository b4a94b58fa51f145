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
  // Changing the address can take tens of ms in Chromium, so it waits until the chat just opened
  // is painted (a frame, then a task): opening a session does not wait for it. A hidden page
  // draws no frames.
  let pending = false;
  const writeLater = () => {
    if (pending) return;
    if (document.visibilityState === 'hidden') return write(useChat.getState().sessionId);
    pending = true;
    requestAnimationFrame(() =>
      setTimeout(() => {
        pending = false;
        if (!stopped) write(useChat.getState().sessionId);
      }),
    );
  };
  let stopped = false;
  const off = useChat.subscribe((state, previous) => {
    if (state.sessionId !== previous.sessionId) writeLater();
  });
  const onHash = () => {
    const id = sessionFromUrl();
    if (id && id !== useChat.getState().sessionId) void useChat.getState().openSession(id);
  };
  window.addEventListener('hashchange', onHash);
  return () => {
    stopped = true;
    off();
    window.removeEventListener('hashchange', onHash);
  };
}
