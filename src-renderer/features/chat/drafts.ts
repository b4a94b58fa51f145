/** Unsent text per session, kept across session switches and reloads (localStorage). */
import { readStored, writeStored } from '../../state/webStorage';

const PREFIX = 'caduceus.draft.';
const NEW = 'new';
/** A draft is written once typing pauses this long: Web Storage writes synchronously, on every key otherwise. */
const WRITE_AFTER_MS = 400;

const keyOf = (sessionId: string | undefined) => PREFIX + (sessionId ?? NEW);

/** Drafts typed but not yet written, by key. */
const unwritten = new Map<string, string>();
let timer: ReturnType<typeof setTimeout> | undefined;

export function loadDraft(sessionId: string | undefined): string {
  const key = keyOf(sessionId);
  return unwritten.get(key) ?? readStored(() => localStorage, key) ?? '';
}

export function saveDraft(sessionId: string | undefined, text: string): void {
  unwritten.set(keyOf(sessionId), text);
  clearTimeout(timer);
  timer = setTimeout(flushDrafts, WRITE_AFTER_MS);
  watchPageHide();
}

/** Writes every unwritten draft now (leaving a session, the page going away). */
export function flushDrafts(): void {
  clearTimeout(timer);
  timer = undefined;
  for (const [key, text] of unwritten) writeStored(() => localStorage, key, text);
  unwritten.clear();
}

let watching = false;
/** A reload or a closed window writes what was typed last. */
function watchPageHide(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('pagehide', flushDrafts);
}
