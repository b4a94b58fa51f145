import type { ApprovalRequest } from '../../src-shared/ipc/schemas';

/**
 * Native approval dialogs one at a time, and only for the session the window shows: a request
 * of another session waits (its row, the banner and a notification say so) until that session
 * is shown or the request is answered in the page. Every presenter passed through `gate`
 * shares the one turn.
 */
export class NativeDialogGate {
  private open = false;
  private inView: string | undefined;
  private readonly waiters = new Set<() => void>();

  /** `rootOf`: a delegated child's top-level session, which is the one a window shows. */
  constructor(private readonly rootOf: (sessionId: string) => string = (id) => id) {}

  /** The session the window shows now (sessions.viewed). */
  shown(sessionId: string | undefined): void {
    this.inView = sessionId;
    this.wake();
  }

  /** A presenter that waits for its turn: false from `ready` means the signal aborted first. */
  gate<T>(
    present: (requests: ApprovalRequest[], signal: AbortSignal) => Promise<T>,
    denied: T,
  ): (requests: ApprovalRequest[], signal: AbortSignal) => Promise<T> {
    return async (requests, signal) => {
      const first = requests[0]?.sessionId;
      const sessionId = first === undefined ? undefined : this.rootOf(first);
      if (!(await this.turn(sessionId, signal))) return denied;
      try {
        return await present(requests, signal);
      } finally {
        this.open = false;
        this.wake();
      }
    };
  }

  private turn(sessionId: string | undefined, signal: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      const check = () => {
        if (signal.aborted) return done(false);
        if (this.open || sessionId !== this.inView) return;
        this.open = true;
        done(true);
      };
      const done = (ok: boolean) => {
        this.waiters.delete(check);
        signal.removeEventListener('abort', check);
        resolve(ok);
      };
      this.waiters.add(check);
      signal.addEventListener('abort', check, { once: true });
      check();
    });
  }

  private wake(): void {
    for (const check of [...this.waiters]) check();
  }
}
