import type { TerminalService } from './service';

/**
 * The one live TerminalService, replaceable at run time (Settings may switch the backend).
 * Whatever it replaces is shut down, and its own shutdown ends the current one and waits for
 * replaced ones still closing — so no PTY, process group or container outlives the app.
 */
export class TerminalHolder {
  private live: TerminalService;
  private readonly retiring = new Set<Promise<void>>();
  private closed: Promise<void> | undefined;

  constructor(initial: TerminalService) {
    this.live = initial;
  }

  get current(): TerminalService {
    return this.live;
  }

  /** Puts `next` in place and shuts down the service it replaced (resolves once that is done). */
  replace(next: TerminalService): Promise<void> {
    // After shutdown nothing may start again: the newcomer is ended at once.
    if (this.closed) return this.retire(next);
    const previous = this.live;
    this.live = next;
    return this.retire(previous);
  }

  /** Ends the current service and waits for every replaced one; later calls share the first. */
  shutdown(): Promise<void> {
    this.closed ??= Promise.all([this.retire(this.live), ...this.retiring]).then(() => undefined);
    return this.closed;
  }

  private retire(service: TerminalService): Promise<void> {
    const done: Promise<void> = service
      .shutdown()
      .catch(() => undefined)
      .finally(() => this.retiring.delete(done));
    this.retiring.add(done);
    return done;
  }
}
