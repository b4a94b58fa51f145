/** Unsent text per session, kept across session switches and reloads (localStorage). */
const PREFIX = 'caduceus.draft.';
const NEW = 'new';

const keyOf = (sessionId: string | undefined) => PREFIX + (sessionId ?? NEW);

export function loadDraft(sessionId: string | undefined): string {
  try {
    return localStorage.getItem(keyOf(sessionId)) ?? '';
  } catch {
    return '';
  }
}

export function saveDraft(sessionId: string | undefined, text: string): void {
  try {
    if (text) localStorage.setItem(keyOf(sessionId), text);
    else localStorage.removeItem(keyOf(sessionId));
  } catch {
    // Storage full or disabled: the draft lives only while the page does.
  }
}
