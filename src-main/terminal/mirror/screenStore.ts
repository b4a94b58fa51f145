/**
 * Where final screens outlive the process: the terminal layer declares it, the sessions database
 * implements it (agent/sessions/screensTable.ts), keyed by task, which is the session.
 */
import type { MirrorSnapshot } from './mirror';

export interface StoredScreen extends MirrorSnapshot {
  /** The last stream that wrote to it, so a page can route the screen to its tab. */
  streamId: string;
  toolCallId: string;
  exitCode: number | null;
}

export interface ScreenStore {
  /** False when the task has nowhere to keep it (a session never stored). */
  save(taskId: string, screen: StoredScreen): boolean;
  /** Every kept screen, oldest first. */
  load(): Array<[taskId: string, screen: StoredScreen]>;
}
