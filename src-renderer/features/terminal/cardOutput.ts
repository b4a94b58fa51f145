/**
 * Streamed output for the cards of the agent's terminal calls, handed over in batches: each batch
 * re-renders the chat, so a flood updates the cards a few times a second (less while the page
 * runs slow), and only the tail a card keeps is turned into text.
 */
import { plainText } from './plainText';

/** Raw characters kept per call between batches: the card keeps far fewer once escapes are gone. */
const TAIL_CHARS = 80_000;
const BATCH_MS = 100;

export class CardOutput {
  private readonly pending = new Map<string, string>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly deliver: (toolCallId: string, text: string) => void,
    /** How many times longer than usual to wait between batches (the page's pace). */
    private readonly pace: () => number,
  ) {}

  push(toolCallId: string, data: string): void {
    let text = (this.pending.get(toolCallId) ?? '') + data;
    if (text.length > TAIL_CHARS) {
      // Cut at a line start, so no escape sequence is cut in two.
      const cut = text.length - TAIL_CHARS;
      const line = text.indexOf('\n', cut);
      text = text.slice(line < 0 ? cut : line + 1);
    }
    this.pending.set(toolCallId, text);
    this.timer ??= setTimeout(() => this.flush(), BATCH_MS * this.pace());
  }

  /** Hands over everything pending now (a stream ended: its card gets its last output first). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batches = [...this.pending];
    this.pending.clear();
    for (const [toolCallId, data] of batches) this.deliver(toolCallId, plainText(data));
  }
}
