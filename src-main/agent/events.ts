import type { AgentEvent } from '../../src-shared/agentEvents';

export type AgentEventListener = (event: AgentEvent) => void;

/** An event before the agent stamps its session id and depth on it. */
export type AgentEventBody = AgentEvent extends infer E
  ? E extends AgentEvent
    ? Omit<E, 'sessionId' | 'depth'>
    : never
  : never;

/** Calls a listener without letting its failure reach the loop. */
export function safeEmit(listener: AgentEventListener | undefined, event: AgentEvent): void {
  if (!listener) return;
  try {
    listener(event);
  } catch {
    // A broken UI listener must not break the turn.
  }
}
