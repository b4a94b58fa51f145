import type { EventName, EventPayload } from '../../src-shared/ipc/contract';

export type EventListener = <N extends EventName>(name: N, payload: EventPayload<N>) => void;

/** Told when a consumer (one subscription) joins or leaves. */
export type ConsumerWatcher = (id: string, joined: boolean) => void;

/**
 * Fans contract events out to every consumer: one subscription per connected UI (an Electron
 * window set, one WebSocket). A consumer's id tags its terminal acknowledgements.
 */
export class EventBus {
  private readonly listeners = new Map<string, EventListener>();
  private readonly watchers = new Set<ConsumerWatcher>();
  private readonly taps = new Set<EventListener>();
  private nextId = 1;

  subscribe(listener: EventListener, id = `consumer-${this.nextId++}`): () => void {
    if (this.listeners.has(id)) throw new Error(`consumer "${id}" is already subscribed`);
    this.listeners.set(id, listener);
    this.notify(id, true);
    return () => {
      if (this.listeners.get(id) !== listener) return;
      this.listeners.delete(id);
      this.notify(id, false);
    };
  }

  /** How many consumers listen. */
  get size(): number {
    return this.listeners.size;
  }

  ids(): Iterable<string> {
    return this.listeners.keys();
  }

  /** Follows consumers joining and leaving; returns the unsubscribe. */
  watch(watcher: ConsumerWatcher): () => void {
    this.watchers.add(watcher);
    return () => void this.watchers.delete(watcher);
  }

  /**
   * Hears every event in this process without being a consumer (no id, no terminal flow
   * control): main's own observers, such as the sessions' states. Returns the unsubscribe.
   */
  tap(listener: EventListener): () => void {
    this.taps.add(listener);
    return () => void this.taps.delete(listener);
  }

  emit<N extends EventName>(name: N, payload: EventPayload<N>): void {
    for (const tap of this.taps) tap(name, payload);
    for (const listener of this.listeners.values()) {
      try {
        listener(name, payload);
      } catch {
        // One broken transport must not stop the others from hearing the event.
      }
    }
  }

  /** Only to the consumers named (a snapshot for a page that fell behind). */
  emitTo<N extends EventName>(ids: Iterable<string>, name: N, payload: EventPayload<N>): void {
    for (const id of ids) {
      try {
        this.listeners.get(id)?.(name, payload);
      } catch {
        // As in emit: one broken transport must not stop the others.
      }
    }
  }

  private notify(id: string, joined: boolean): void {
    for (const watcher of this.watchers) watcher(id, joined);
  }
}
