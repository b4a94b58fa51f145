import type { SessionRunState } from '../../src-shared/ipc/chatSchemas';
import type { EventBus } from '../contract/eventBus';
import type { RunStatesTable, StoredRunState } from '../agent/sessions/runStatesTable';

/**
 * What each session needs from a person, kept in main so every window, the badge and
 * `caduceus sessions list` agree: a turn running (or queued), waiting for a person (an
 * approval, a question, a command waiting for input), a finished answer not yet viewed, a
 * failed turn not yet viewed. It follows the bus's events; the chat tells it what has none.
 */
export class SessionStates {
  private readonly running = new Set<string>();
  /** Open waits by key (approval id, clarify id, input's tool call id) → session. */
  private readonly waits = new Map<string, string>();
  private readonly outcomes = new Map<string, 'unread' | 'failed'>();
  private readonly shown = new Map<string, SessionRunState>();
  private readonly listeners = new Set<(waiting: number) => void>();

  constructor(
    private readonly events: EventBus,
    private readonly table: RunStatesTable,
    /** The top-level session of a delegated child's (its own id otherwise): waits count there. */
    private readonly rootOf: (sessionId: string) => string = (id) => id,
  ) {
    table.clearLive();
    for (const [id, state] of table.all())
      if (state === 'unread' || state === 'failed') this.outcomes.set(id, state);
    events.tap((name, payload) => {
      if (name === 'approval.requested') {
        const request = payload as { id: string; sessionId: string };
        this.wait(request.sessionId, `approval:${request.id}`, true);
      } else if (name === 'approval.resolved') {
        this.endWait(`approval:${(payload as { id: string }).id}`);
      } else if (name === 'terminal.inputWait') {
        const info = payload as { taskId: string; toolCallId: string };
        this.wait(info.taskId, `input:${info.toolCallId}`, true);
      } else if (name === 'chat.event') {
        this.onChatEvent(payload as EventChat);
      }
    });
  }

  /** A turn of the session was accepted (maybe queued for a slot) or has ended. */
  setRunning(sessionId: string, on: boolean): void {
    if (on) {
      this.running.add(sessionId);
      this.outcomes.delete(sessionId);
    } else this.running.delete(sessionId);
    this.changed(sessionId);
  }

  /** A wait for a person opens (`on`) or ends; `key` is unique to it (a clarify's id). */
  wait(given: string, key: string, on: boolean): void {
    const sessionId = this.rootOf(given);
    if (on) this.waits.set(key, sessionId);
    else this.waits.delete(key);
    this.changed(sessionId);
  }

  /** A window shows the session: its answer or failure has been seen. */
  viewed(sessionId: string): void {
    if (this.outcomes.delete(sessionId)) this.changed(sessionId);
  }

  isWaiting(sessionId: string): boolean {
    for (const id of this.waits.values()) if (id === sessionId) return true;
    return false;
  }

  state(sessionId: string): SessionRunState {
    if (this.isWaiting(sessionId)) return 'waiting';
    if (this.running.has(sessionId)) return 'running';
    return this.outcomes.get(sessionId) ?? 'idle';
  }

  /** How many sessions wait for a person (the window title's count, the dock badge). */
  waitingCount(): number {
    return new Set(this.waits.values()).size;
  }

  /** Told the waiting count after every change; returns the unsubscribe. */
  onWaitingCount(listener: (waiting: number) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private endWait(key: string): void {
    const sessionId = this.waits.get(key);
    if (sessionId !== undefined) this.wait(sessionId, key, false);
  }

  private onChatEvent(event: EventChat): void {
    if (event.type === 'tool.finished' && event.toolCallId) this.endWait(`input:${event.toolCallId}`);
    if (event.type === 'turn.started') this.setRunning(event.sessionId, true);
    if (event.type !== 'turn.finished') return;
    for (const [key, id] of [...this.waits]) if (id === event.sessionId) this.waits.delete(key);
    this.running.delete(event.sessionId);
    if (event.status === 'done') this.outcomes.set(event.sessionId, 'unread');
    else if (event.status === 'error') this.outcomes.set(event.sessionId, 'failed');
    this.changed(event.sessionId);
  }

  private changed(sessionId: string): void {
    const state = this.state(sessionId);
    if (this.shown.get(sessionId) === state) return;
    if (state === 'idle') this.shown.delete(sessionId);
    else this.shown.set(sessionId, state);
    // A new session's row is written when its turn starts; until then the next change retries.
    if (!this.table.set(sessionId, state as StoredRunState | 'idle')) this.shown.delete(sessionId);
    const waiting = this.waitingCount();
    this.events.emit('sessions.state', { id: sessionId, state, waiting });
    for (const listener of this.listeners) listener(waiting);
  }
}

interface EventChat {
  type: string;
  sessionId: string;
  toolCallId?: string;
  status?: string;
}
