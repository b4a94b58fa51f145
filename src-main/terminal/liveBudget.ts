/**
 * Snapshot mode's live budget: how many characters each consumer is sent per window, however
 * fast it acknowledges. A page that keeps up with a flood would spend the CPU the command needs
 * on painting; past its budget it is dropped and later gets a snapshot instead.
 */
export class LiveBudget {
  /** When each consumer's current window began, and what it was sent in it. */
  private readonly windows = new Map<string, { since: number; chars: number }>();

  constructor(
    /** Characters a consumer may be sent per window. */
    readonly chars: number,
    private readonly windowMs: number,
  ) {}

  /** Counts `chars` sent to `id` at `now`; true when that takes it past its budget. */
  spend(id: string, chars: number, now: number): boolean {
    let window = this.windows.get(id);
    if (!window || now - window.since >= this.windowMs) {
      window = { since: now, chars: 0 };
      this.windows.set(id, window);
    }
    window.chars += chars;
    return window.chars > this.chars;
  }

  forget(id: string): void {
    this.windows.delete(id);
  }
}
