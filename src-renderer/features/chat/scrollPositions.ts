import type { VirtualItem } from '@tanstack/react-virtual';

/** Where the reader left a chat: at the bottom (following), or at an offset, with the rows' sizes. */
export interface ScrollPosition {
  atBottom: boolean;
  offset: number;
  measurements: VirtualItem[];
}

/** The chats read lately; older ones open at the bottom again. */
const KEPT = 30;
const positions = new Map<string, ScrollPosition>();

export function savedPosition(sessionId: string | undefined): ScrollPosition | undefined {
  return sessionId === undefined ? undefined : positions.get(sessionId);
}

export function savePosition(sessionId: string | undefined, position: ScrollPosition): void {
  if (sessionId === undefined) return;
  positions.delete(sessionId);
  positions.set(sessionId, position);
  for (const oldest of positions.keys()) {
    if (positions.size <= KEPT) break;
    positions.delete(oldest);
  }
}
