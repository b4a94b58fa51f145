/** Head+tail truncation of command output for tool results (the live stream is never cut). */
import { DEFAULT_MAX_OUTPUT_CHARS } from '../../src-shared/constants';

const HEAD_SHARE = 0.4;

function marker(omitted: number, head: number, tail: number, total: number): string {
  return (
    `\n\n... [output truncated: ${omitted} characters cut; showing the first ${head} ` +
    `and the last ${tail} of ${total}] ...\n\n`
  );
}

/** Keeps surrogate pairs whole at the cut points. */
function safeHead(text: string, length: number): string {
  const code = text.charCodeAt(length - 1);
  return code >= 0xd800 && code <= 0xdbff ? text.slice(0, length - 1) : text.slice(0, length);
}

function safeTail(text: string, length: number): string {
  const start = text.length - length;
  const code = text.charCodeAt(start);
  return code >= 0xdc00 && code <= 0xdfff ? text.slice(start + 1) : text.slice(start);
}

function split(max: number): { head: number; tail: number } {
  const head = Math.floor(max * HEAD_SHARE);
  return { head, tail: max - head };
}

/** Cuts `text` to at most `max` characters plus a marker: 40% head, 60% tail. */
export function truncateOutput(text: string, max = DEFAULT_MAX_OUTPUT_CHARS): string {
  if (text.length <= max) return text;
  const { head, tail } = split(max);
  return (
    safeHead(text, head) + marker(text.length - head - tail, head, tail, text.length) + safeTail(text, tail)
  );
}

/**
 * Collects streamed output in bounded memory and yields the same text `truncateOutput` would
 * give for the whole output.
 */
export class HeadTailCollector {
  private head = '';
  private tail = '';
  private total = 0;
  private readonly headMax: number;
  private readonly tailMax: number;

  constructor(private readonly max = DEFAULT_MAX_OUTPUT_CHARS) {
    const { head, tail } = split(max);
    this.headMax = head;
    this.tailMax = tail;
  }

  get totalChars(): number {
    return this.total;
  }

  push(chunk: string): void {
    this.total += chunk.length;
    const room = this.max - this.head.length;
    if (room > 0 && this.tail.length === 0) {
      this.head += chunk.slice(0, room);
      chunk = chunk.slice(room);
      if (chunk.length === 0) return;
      // Past the limit: keep only the head share, the rest belongs to the tail.
      chunk = this.head.slice(this.headMax) + chunk;
      this.head = this.head.slice(0, this.headMax);
    }
    this.tail += chunk;
    if (this.tail.length > this.tailMax * 2) this.tail = this.tail.slice(-this.tailMax);
  }

  text(): string {
    if (this.total <= this.max) return this.head + this.tail;
    const tail = this.tail.length > this.tailMax ? this.tail.slice(-this.tailMax) : this.tail;
    return (
      safeHead(this.head, this.headMax) +
      marker(this.total - this.headMax - this.tailMax, this.headMax, this.tailMax, this.total) +
      safeTail(tail, this.tailMax)
    );
  }
}
