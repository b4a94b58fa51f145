/** Unsent text per session, kept across session switches and reloads (localStorage). */
import { readStored, writeStored } from '../../state/webStorage';

const PREFIX = 'caduceus.draft.';
const NEW = 'new';

const keyOf = (sessionId: string | undefined) => PREFIX + (sessionId ?? NEW);

export function loadDraft(sessionId: string | undefined): string {
  return readStored(() => localStorage, keyOf(sessionId)) ?? '';
}

export function saveDraft(sessionId: string | undefined, text: string): void {
  writeStored(() => localStorage, keyOf(sessionId), text);
}
