import { useSessions } from '../sessions/sessionsStore';

/** However the first screen fares (no connection, say), later parts load after this long. */
const LIMIT_MS = 2_000;

let painted: Promise<void> | undefined;

/**
 * Resolves once the first screen is drawn: the session list's first answer has landed and the
 * frame that shows it is painted. Parts loaded later (the terminals) start then, so their code
 * does not compete with the list for the page's first frames.
 */
export function afterFirstScreen(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      off();
      // A frame, then a task after its paint.
      requestAnimationFrame(() => setTimeout(resolve));
    };
    const timer = setTimeout(done, LIMIT_MS);
    const off = useSessions.subscribe((now, before) => {
      if (now.sessions !== before.sessions) done();
    });
  });
  return painted;
}
