import type { SessionSummary } from '../../../src-shared/ipc/chatSchemas';
import { useSessions } from './sessionsStore';

/**
 * How every part of the page names a session: its title. Only a session the list does not hold
 * (deleted, or beyond what was loaded) falls back to the tail of its id.
 */
export function sessionTitle(sessions: readonly SessionSummary[], id: string): string {
  const title = sessions.find((s) => s.id === id)?.title.trim();
  return title ? title : `Session …${id.slice(-6)}`;
}

export function useSessionTitle(id: string): string {
  return useSessions((s) => sessionTitle(s.sessions, id));
}
