import { useEffect, useRef } from 'react';
import { Icon } from '../../ui/Icon';
import { useChat } from './chatStore';
import { useFind } from './findStore';
import { useFindHighlights } from './useFindHighlights';
import { useFindRefresh } from './useFindRefresh';
import './find.css';

/** How long typing pauses before the session is searched. */
const DEBOUNCE_MS = 200;

/** "3 of 41", "3 of 1000+", or why there is nothing to count. */
export function countLabel(hits: number, index: number, truncated: boolean, searched: boolean): string {
  if (!searched) return '';
  if (hits === 0) return 'No matches';
  return `${index + 1} of ${hits}${truncated ? '+' : ''}`;
}

/** Ctrl+F (Cmd+F on macOS) opens the bar while a session is shown; the page's own find otherwise. */
function useFindShortcut(open: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey)
        return;
      if (event.key.toLowerCase() !== 'f' || !useChat.getState().sessionId) return;
      event.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);
}

/**
 * Find-in-session. The transcript draws only part of a long session, so the page's own find
 * cannot see it all: main searches the whole session, tool output included, and each hit is
 * revealed (its card opened) in turn.
 */
export function FindBar() {
  const sessionId = useChat((s) => s.sessionId);
  const { open, query, hits, index, truncated, searched, error } = useFind();
  const input = useRef<HTMLInputElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  const show = useRef(() => {
    const active = document.activeElement;
    if (!useFind.getState().open) returnFocus.current = active instanceof HTMLElement ? active : null;
    useFind.getState().show();
    // Focused after the bar is drawn (it may have just mounted).
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.select();
    });
  }).current;
  useFindShortcut(show);
  useFindHighlights();
  useFindRefresh();

  // Typing searches once it pauses; another session closes the bar.
  useEffect(() => {
    if (!open || !sessionId) return;
    const timer = setTimeout(() => void useFind.getState().search(sessionId, query), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [open, query, sessionId]);
  useEffect(() => () => useFind.getState().close(), [sessionId]);

  if (!open || !sessionId) return null;
  const close = () => {
    useFind.getState().close();
    const back = returnFocus.current;
    (back?.isConnected ? back : document.querySelector<HTMLElement>('[data-testid="chat-input"]'))?.focus();
  };
  const current = searched?.query === query;
  const label = error ?? countLabel(hits.length, index, truncated, searched !== undefined);
  return (
    <div className="find-bar" role="search" aria-label="Find in session" data-testid="find-in-session">
      <Icon name="search" />
      <input
        ref={input}
        className="find-input"
        data-testid="find-input"
        type="text"
        placeholder="Find in session"
        aria-label="Find in session"
        value={query}
        onChange={(e) => useFind.getState().setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            close();
          } else if (e.key === 'Enter') {
            e.preventDefault();
            useFind.getState().step(e.shiftKey ? -1 : 1);
          }
        }}
      />
      <span
        className={`find-count${error ? ' find-error' : ''}${current ? '' : ' find-stale'}`}
        data-testid="find-count"
        aria-live="polite"
      >
        {label}
      </span>
      <button
        type="button"
        className="icon"
        aria-label="Previous match"
        title="Previous match (Shift+Enter)"
        data-testid="find-previous"
        disabled={hits.length === 0}
        onClick={() => useFind.getState().step(-1)}
      >
        <Icon name="up" />
      </button>
      <button
        type="button"
        className="icon"
        aria-label="Next match"
        title="Next match (Enter)"
        data-testid="find-next"
        disabled={hits.length === 0}
        onClick={() => useFind.getState().step(1)}
      >
        <Icon name="down" />
      </button>
      <button
        type="button"
        className="icon"
        aria-label="Close find"
        title="Close (Escape)"
        data-testid="find-close"
        onClick={close}
      >
        <Icon name="close" />
      </button>
    </div>
  );
}
