import type { EventName, EventPayload } from '../../src-shared/ipc/contract';

export type EventListener = <N extends EventName>(name: N, payload: EventPayload<N>) => void;

/** Fans contract events out to every connected transport (Electron windows, WebSocket clients). */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** How many transports listen; with none, nobody acknowledges terminal output. */
  get size(): number {
    return this.listeners.size;
  }

  emit<N extends EventName>(name: N, payload: EventPayload<N>): void {
    for (const listener of this.listeners) {
      try {
        listener(name, payload);
      } catch {
        // One broken transport must not stop the others from hearing the event.
      }
    }
  }
}
