/**
 * What a person wrote when they said no ("use the staging database instead"), by approval
 * request id, until the gate turns the denial into the model's result.
 */
export class DenialNotes {
  private readonly notes = new Map<string, string>();

  set(requestId: string, note: string): void {
    const text = note.trim().slice(0, MAX_NOTE_CHARS);
    if (text) this.notes.set(requestId, text);
  }

  /** The note for a request, once: it is forgotten as it is read. */
  take(requestId: string | undefined): string | undefined {
    if (requestId === undefined) return undefined;
    const note = this.notes.get(requestId);
    this.notes.delete(requestId);
    return note;
  }
}

export const MAX_NOTE_CHARS = 500;
