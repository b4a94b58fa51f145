/**
 * The cap on sessions' turns running at once (`sessions.max_concurrent_turns`). A session
 * holds one slot while its turn runs, but not while it waits for a person; a turn over the cap
 * waits in order until a slot frees.
 */
export class TurnSlots {
  private readonly holders = new Set<string>();
  private readonly queue: { sessionId: string; grant: (ok: boolean) => void }[] = [];

  constructor(
    private readonly max: () => number,
    private readonly waitingForPerson: (sessionId: string) => boolean,
  ) {}

  /** Turns holding a slot now: running, and not waiting for a person. */
  busy(): number {
    let n = 0;
    for (const id of this.holders) if (!this.waitingForPerson(id)) n++;
    return n;
  }

  /**
   * A slot for the session's turn: `queued` says it must wait; `ready` settles true once it
   * holds the slot, false when `signal` aborts first.
   */
  take(sessionId: string, signal: AbortSignal): { queued: boolean; ready: Promise<boolean> } {
    if (this.queue.length === 0 && this.busy() < this.max()) {
      this.holders.add(sessionId);
      return { queued: false, ready: Promise.resolve(true) };
    }
    const ready = new Promise<boolean>((resolve) => {
      const entry = {
        sessionId,
        grant: (ok: boolean) => {
          signal.removeEventListener('abort', onAbort);
          resolve(ok);
        },
      };
      const onAbort = () => {
        const at = this.queue.indexOf(entry);
        if (at >= 0) this.queue.splice(at, 1);
        entry.grant(false);
      };
      this.queue.push(entry);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    return { queued: true, ready };
  }

  release(sessionId: string): void {
    this.holders.delete(sessionId);
    this.pump();
  }

  /** Grants queued turns the slots free now (call after a session starts or stops waiting). */
  pump(): void {
    while (this.queue.length > 0 && this.busy() < this.max()) {
      const next = this.queue.shift();
      if (!next) return;
      this.holders.add(next.sessionId);
      next.grant(true);
    }
  }
}
