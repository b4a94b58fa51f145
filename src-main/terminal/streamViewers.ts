/**
 * Which consumers of a stream show it now. A page says so per stream (terminal.view): a tab in
 * front or the card of the chat in view shows it; a tab behind another, a session in the
 * background or a hidden window does not. Until a consumer says otherwise, it shows the stream.
 */
export class StreamViewers {
  private readonly hidden = new Set<string>();

  /** `consumer` (each of `ids`, without one) shows the stream now, or does not. */
  set(ids: Iterable<string>, shown: boolean, consumer?: string): void {
    for (const id of ids) {
      if (consumer !== undefined && consumer !== id) continue;
      if (shown) this.hidden.delete(id);
      else this.hidden.add(id);
    }
  }

  hides(id: string): boolean {
    return this.hidden.has(id);
  }

  /** No consumer among `ids` shows the stream (and there is at least one). */
  noneShows(ids: Iterable<string>): boolean {
    let any = false;
    for (const id of ids) {
      if (!this.hidden.has(id)) return false;
      any = true;
    }
    return any;
  }

  forget(id: string): void {
    this.hidden.delete(id);
  }
}
